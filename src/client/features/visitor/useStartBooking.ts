/**
 * Choosing a slot starts a booking (product-spec §2 booking flow). The booking's address is the one
 * carrier of the choice: provider, practice, slot, counseling type, mode, time zone and (while B2B
 * self-booking is on) the partnership code travel in it, through identity verification (returnTo),
 * sign-in, reloads and back/forward; the booking screens fetch the provider and the slot by these ids.
 * The domain rule decides where to go: maintenance while bookings are off, identity verification for
 * a visitor who is not signed in, else the booking page.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { chosenTimeQuery, decideBookingStart } from '@/domain/booking-start';
import { bookingCounselingType } from '@/domain/provider-search';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { bookingCleaned } from '@/client/store/booking/slice';
import { selectAuthStatus } from '@/client/store/auth/slice';
import { selectSearchQuery } from '@/client/store/global/slice';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { bookingStartRoutes } from '@/client/runtime/navigation/places';
import type { Provider, Slot } from './queries';

export interface BookingStartContext {
  /** counseling types the search asked for */
  searchedCounselingTypes?: readonly string[];
  selfPay?: boolean;
  partnershipCode?: string;
}

/** What choosing a time hands to the booking (its address): the service by the booking rule, the practice, the slot. */
function chosenTimeOf(slot: Slot, provider: Provider, context: BookingStartContext, keptPartnershipCode: string | undefined, b2bSelfBookingEnabled: boolean) {
  const offered = provider.filters.filter((f) => f.type === 'counseling_type').map((f) => f.value);
  const counselingType = bookingCounselingType(offered, context.searchedCounselingTypes, slot.isMedication);
  return chosenTimeQuery(
    {
      providerId: provider.id,
      practiceId: slot.practiceId ?? provider.practice.id,
      slotId: slot.id,
      counselingType,
      availabilityType: slot.availabilityType,
      tz: provider.timeZone,
      selfPay: context.selfPay,
      partnershipCode: context.partnershipCode ?? keptPartnershipCode,
    },
    { b2bSelfBookingEnabled },
  );
}

/**
 * A time as a link, on a document page (rendered once for everyone, not hydrated): the visitor's way,
 * identity verification returning to the booking page. That page sends a person who is signed in
 * straight on to the booking, and its route's flag sends everyone to maintenance while bookings are off,
 * so the link is right for everyone without knowing who follows it.
 */
export function visitorBookingHref(slot: Slot, provider: Provider, context: BookingStartContext = {}): string {
  // A partner's code the search carries travels on: the booking is refused on the server while partner
  // self-booking is closed (book.ts), so the link need not know the flag.
  const query = chosenTimeOf(slot, provider, context, undefined, Boolean(context.partnershipCode));
  return decideBookingStart({ bookingEnabled: true, userVerified: false, query }, bookingStartRoutes).url;
}

export function useStartBooking(): (slot: Slot, provider: Provider, context?: BookingStartContext) => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const keptSearch = useAppSelector(selectSearchQuery);
  const bookingEnabled = useFlagOn('bookings');
  const b2bSelfBookingEnabled = useFlagOn('b2bSelfBooking');

  return useCallback(
    (slot, provider, context = {}) => {
      // A new booking starts with nothing of an earlier one (restored from storage, or abandoned).
      dispatch(bookingCleaned({ keepB2bDetails: true }));
      const query = chosenTimeOf(slot, provider, context, keptSearch?.partnershipCode, b2bSelfBookingEnabled);
      const decision = decideBookingStart({ bookingEnabled, userVerified: authStatus === 'authenticated', query }, bookingStartRoutes);
      void navigate(decision.url);
    },
    [dispatch, navigate, authStatus, keptSearch, bookingEnabled, b2bSelfBookingEnabled],
  );
}
