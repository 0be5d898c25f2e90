/**
 * /app/bookings: the chosen time and provider, what kind of session and how. The slot is held as
 * soon as the person is known (holds need a signed-in caller), with the remaining time shown;
 * a time that is gone offers the provider's next times. Continuing starts the booking as the
 * domain rule decides: verify identity first, or go to the first step of the variant.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import serviceSelection from '../../../generated/forms/service-selection';
import type { FormDefinition } from '../../../generated/types';
import { routeById } from '../../../generated/routes';
import type { AppointmentMode, CounselingType } from '../../../generated/enums';
import { message } from '../../../domain/messages';
import { SpecForm } from '../../runtime/forms/SpecForm';
import { useFlagOn } from '../../runtime/flags/useTreatment';
import { PageSkeleton } from '../../ui/Skeleton';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuth } from '../../store/auth/slice';
import { bookingHelperUpdated, bookingSelectionUpdated, bookingStarted, selectBookingHelper, selectBookingRequest, selectBookingSelection, slotHoldRequested } from '../../store/booking/slice';
import { useBookingParams, useBookingVariant, useProvider, useProviderSlots, type ProviderProfile } from './data';
import { firstStepPath } from './flow';
import { decideStart } from './start';
import { SlotSummary } from './SlotSummary';
import { HoldCountdown } from './HoldCountdown';
import { NextSlots } from './NextSlots';
import type { SlotHold } from '../../store/services';
import type { Slot } from '../../store/types';
import './booking.css';

interface ServiceAnswers {
  counselingType: CounselingType;
  appointmentMode: AppointmentMode;
}

/** The service form, offering only what this provider and this slot allow. */
function serviceForm(provider: ProviderProfile, mode: AppointmentMode | undefined): FormDefinition {
  const form = serviceSelection as FormDefinition;
  const schema = structuredClone(form.schema) as { properties: Record<string, { enum?: string[] }> };
  const offered = provider.filters.filter((f) => f.type === 'counseling_type').map((f) => f.value);
  const types = schema.properties.counselingType!;
  if (offered.length) types.enum = types.enum!.filter((t) => offered.includes(t));
  if (mode) schema.properties.appointmentMode!.enum = [mode];
  return { ...form, schema: schema as FormDefinition['schema'] };
}

function heldSlot(hold: SlotHold | undefined, slotId: string | undefined): Slot | undefined {
  if (!hold?.slotId || hold.slotId !== slotId || !hold.start || !hold.end) return undefined;
  return { id: hold.slotId, start: hold.start, end: hold.end, practiceId: hold.practiceId, availabilityType: hold.appointmentMode as AppointmentMode | undefined };
}

export default function BookingPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search, providerId, slotId } = useBookingParams();
  const auth = useAppSelector(selectAuth);
  const variant = useBookingVariant();
  const selection = useAppSelector(selectBookingSelection);
  const helper = useAppSelector(selectBookingHelper);
  const request = useAppSelector(selectBookingRequest);
  const bookingEnabled = useFlagOn('bookings');
  const b2bSelfBookingEnabled = useFlagOn('b2bSelfBooking');
  const provider = useProvider(providerId);
  const slots = useProviderSlots(providerId);
  // A time this person holds may no longer be listed as open: the hold (or the started booking) still knows it.
  const slot = slots.data?.slots.find((s) => s.id === slotId) ?? heldSlot(request.hold, slotId) ?? (helper.selectedSlot?.id === slotId ? helper.selectedSlot : undefined);
  const zone = search.get('tz') ?? slots.data?.timeZone ?? provider.data?.timeZone ?? 'UTC';
  const authenticated = auth.status === 'authenticated';

  // Hold the chosen time once the person is known; once per slot, again only when asked.
  const heldFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!slot || !providerId || !authenticated) return;
    if (heldFor.current === slot.id) return;
    if (request.hold?.slotId === slot.id && Date.parse(request.hold.expiresAt) > Date.now()) {
      heldFor.current = slot.id;
      return;
    }
    heldFor.current = slot.id;
    dispatch(slotHoldRequested({ slot, providerId }));
  }, [slot, providerId, authenticated, request.hold, dispatch]);

  const form = useMemo(() => (provider.data ? serviceForm(provider.data, slot?.availabilityType) : undefined), [provider.data, slot?.availabilityType]);

  if (!providerId || !slotId) {
    return (
      <div className="container section booking">
        <h1>{message('ui.booking.heading')}</h1>
        <p>{message('ui.booking.slot.missing')}</p>
        <Link className="btn btn--primary" to={routeById.providerSearch.path}>
          {message('ui.booking.slot.findProvider')}
        </Link>
      </div>
    );
  }
  if (provider.isPending || slots.isPending) return <PageSkeleton />;
  if (provider.isError || !provider.data) {
    return (
      <div className="container section booking">
        <h1>{message('ui.booking.heading')}</h1>
        <p className="notice notice--error" role="alert">
          {provider.error?.message}
        </p>
        <Link to={routeById.providerSearch.path}>{message('ui.booking.slot.findProvider')}</Link>
      </div>
    );
  }

  const slotGone = !slot || (request.error?.reason === 'slot-taken' && request.status === 'failed') || request.error?.reason === 'no-open-slot';
  const verifiedNow = search.get('showSuccessModal') === 'true' && authenticated;

  const onSubmit = (answers: ServiceAnswers) => {
    if (!slot) return;
    dispatch(bookingSelectionUpdated({ providerId, counselingType: answers.counselingType, appointmentMode: answers.appointmentMode }));
    const details = { selectedSlot: slot, providerDetails: provider.data as unknown as Record<string, unknown> };
    if (helper.selectedSlot?.id === slot.id) dispatch(bookingHelperUpdated(details));
    else dispatch(bookingStarted({ ...details, b2bUserDetails: helper.b2bUserDetails }));
    const query = new URLSearchParams(search);
    query.set('counselingType', answers.counselingType);
    query.set('availabilityType', answers.appointmentMode);
    query.delete('showSuccessModal');
    const decision = decideStart(query, { bookingEnabled, userVerified: authenticated, b2bSelfBookingEnabled });
    void navigate(decision.kind === 'booking' ? firstStepPath(variant, query) : decision.url);
  };

  return (
    <div className="container section booking stack">
      <h1>{message('ui.booking.heading')}</h1>
      {verifiedNow ? (
        <p className="notice notice--success" role="status">
          {message('ui.booking.verified')}
        </p>
      ) : null}
      {slotGone ? (
        <NextSlots provider={provider.data} lostSlotId={slotId} text={request.error?.text} />
      ) : (
        <>
          <SlotSummary provider={provider.data} slot={slot} timeZone={zone} />
          {authenticated ? (
            request.hold && request.hold.slotId === slot.id ? (
              <HoldCountdown expiresAt={request.hold.expiresAt} onHoldAgain={() => dispatch(slotHoldRequested({ slot, providerId }))} />
            ) : request.status === 'holding' ? (
              <p role="status">{message('ui.booking.hold.pending')}</p>
            ) : request.status === 'failed' && request.error ? (
              <p className="notice notice--error" role="alert">
                {request.error.text}
              </p>
            ) : null
          ) : (
            <p className="muted">{message('ui.booking.verifyText')}</p>
          )}
          {form ? (
            <div className="card">
              <SpecForm<ServiceAnswers>
                form={form}
                initialData={{
                  counselingType: (selection.counselingType ?? search.get('counselingType') ?? undefined) as CounselingType | undefined,
                  appointmentMode: (selection.appointmentMode ?? search.get('availabilityType') ?? slot.availabilityType) as AppointmentMode | undefined,
                }}
                submitLabel={message('ui.booking.next')}
                onSubmit={onSubmit}
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
