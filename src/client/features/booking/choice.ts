/**
 * What was chosen, as every booking step reads it: the address carries the ids (provider, practice,
 * slot) and the choices (counseling type, mode, time zone, partnership code); the provider and the
 * slot are fetched from the API by those ids, so a reload, a bookmark, back/forward or coming back
 * from identity verification or sign-in finds the same booking. A signed-in person holds the slot
 * (their own hold is renewed, and answers the slot's details even once it is no longer listed as open).
 * What cannot travel in an address (who attends, consents, the responsible party) is the persisted
 * store's; steps that read it wait until it is restored (useBookingRestored).
 */
import { useEffect, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useGetSlotsQuery } from '@/generated/client/hooks';
import type { AppointmentMode, CounselingType } from '@/generated/enums';
import { readBookingPlace, readBookingStartQuery } from '@/domain/booking-start';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthStatus } from '@/client/store/auth/slice';
import { selectBookingRequest, slotHoldRequested } from '@/client/store/booking/slice';
import { selectRestored } from '@/client/store/restoring';
import type { SlotHold } from '@/client/store/services';
import type { Slot } from '@/client/store/types';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { useBookingParams, useProvider, type ProviderProfile } from './data';

export type ChoiceState = 'missing' | 'loading' | 'ready' | 'gone' | 'failed';

export interface BookingChoice {
  search: URLSearchParams;
  providerId?: string;
  practiceId?: string;
  slotId?: string;
  counselingType?: CounselingType;
  appointmentMode?: AppointmentMode;
  /** the zone the times are shown in: the reader's (their account's, else their device's), never the provider's */
  timeZone: string;
  provider: UseQueryResult<ProviderProfile>;
  /** the chosen slot: this person's hold on it, else the listing while it is open */
  slot?: Slot;
  state: ChoiceState;
  holdAgain: () => void;
}

function heldSlot(hold: SlotHold | undefined, slotId: string | undefined): Slot | undefined {
  if (!hold?.slotId || hold.slotId !== slotId || !hold.start || !hold.end) return undefined;
  return {
    id: hold.slotId,
    start: hold.start,
    end: hold.end,
    practiceId: hold.practiceId,
    availabilityType: hold.appointmentMode as AppointmentMode | undefined,
  };
}

/** The slot of the address while it is open (null when it is not), fetched by its id. */
function useListedSlot(providerId: string | undefined, slotId: string | undefined) {
  return useGetSlotsQuery(
    { query: { providerId: providerId ?? '', slotId } },
    {
      enabled: Boolean(providerId && slotId),
      select: (listing) => ({ timeZone: listing.timeZone, slot: listing.slots.find((s) => s.id === slotId) ?? null }),
    },
  );
}

export function useBookingChoice(): BookingChoice {
  const dispatch = useAppDispatch();
  const { search, providerId, slotId } = useBookingParams();
  const { practiceId } = readBookingPlace(search);
  const authenticated = useAppSelector(selectAuthStatus) === 'authenticated';
  const request = useAppSelector(selectBookingRequest);
  const provider = useProvider(providerId);
  const listed = useListedSlot(providerId, slotId);
  const readerZone = useReaderTimeZone();

  // Hold the chosen time once the person is known: once per slot and page, again only when asked.
  const heldFor = useRef<string | undefined>(undefined);
  const hold = request.hold;
  useEffect(() => {
    if (!providerId || !slotId || !authenticated || heldFor.current === slotId) return;
    heldFor.current = slotId;
    const holdIsLive = hold?.slotId === slotId && Date.parse(hold.expiresAt) > Date.now();
    if (!holdIsLive) dispatch(slotHoldRequested({ slotId, providerId }));
  }, [providerId, slotId, authenticated, hold, dispatch]);

  const slot = heldSlot(request.hold, slotId) ?? listed.data?.slot ?? undefined;
  const lost = request.error?.reason === 'slot-taken' || request.error?.reason === 'no-open-slot';
  const holding = authenticated && (request.status === 'holding' || (request.status === 'idle' && !request.hold));
  const { counselingType, availabilityType } = readBookingStartQuery(search);

  let state: ChoiceState;
  if (!providerId || !slotId) state = 'missing';
  else if (provider.isError) state = 'failed';
  else if (provider.isPending || (!slot && (listed.isPending || holding))) state = 'loading';
  else if (!slot || (lost && request.status === 'failed')) state = 'gone';
  else state = 'ready';

  return {
    search,
    providerId,
    practiceId: practiceId ?? undefined,
    slotId,
    counselingType,
    appointmentMode: availabilityType ?? slot?.availabilityType,
    timeZone: readerZone,
    provider,
    slot,
    state,
    holdAgain: () => {
      if (providerId && slotId) dispatch(slotHoldRequested({ slotId, providerId }));
    },
  };
}

/** Whether the persisted booking state has been restored (or restoring gave up after persistRestoreTimeoutMs). */
export function useBookingRestored(): boolean {
  return useAppSelector(selectRestored);
}
