/**
 * /app/bookings: the chosen time and provider, what kind of session and how. The slot is held as
 * soon as the person is known (holds need a signed-in caller), with the remaining time shown;
 * a time that is gone offers the provider's next times. Continuing starts the booking as the
 * domain rule decides: verify identity first, or go to the first step of the variant.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import serviceSelection from '@/generated/forms/service-selection';
import type { FormDefinition } from '@/generated/types';
import type { AppointmentMode, CounselingType } from '@/generated/enums';
import { message } from '@/domain/messages';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { narrowedForm } from '@/client/runtime/forms/precompiled';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { PageSkeleton } from '@/client/ui/Skeleton';
import { focusOnArrival } from '@/client/ui/focus-on-arrival';
import { preloadPathWhenIdle } from '@/client/runtime/navigation/preload';
import { useAppSelector } from '@/client/store/hooks';
import { selectAuth } from '@/client/store/auth/slice';
import { selectBookingRequest } from '@/client/store/booking/slice';
import { useBookingVariant, type ProviderProfile } from './data';
import { useBookingChoice } from './choice';
import { firstStepPath } from './flow';
import { decideStart } from './start';
import { SlotSummary } from './SlotSummary';
import { HoldCountdown } from './HoldCountdown';
import { NextSlots } from './NextSlots';
import { BookingNotFound } from './BookingNotFound';
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
  return narrowedForm(form, schema as FormDefinition['schema']);
}

export default function BookingPage() {
  const navigate = useNavigate();
  const choice = useBookingChoice();
  const { search, provider, slot } = choice;
  const auth = useAppSelector(selectAuth);
  const variant = useBookingVariant();
  const request = useAppSelector(selectBookingRequest);
  const bookingEnabled = useFlagOn('bookings');
  const b2bSelfBookingEnabled = useFlagOn('b2bSelfBooking');
  const authenticated = auth.status === 'authenticated';

  const form = useMemo(() => (provider.data ? serviceForm(provider.data, slot?.availabilityType) : undefined), [provider.data, slot?.availabilityType]);
  // The next step's code arrives while the person chooses the service, so submitting never waits on a download.
  const nextPath = firstStepPath(variant, search);
  useEffect(() => preloadPathWhenIdle(nextPath), [nextPath]);

  if (choice.state === 'missing') return <BookingNotFound />;
  if (choice.state === 'loading') return <PageSkeleton />;
  if (choice.state === 'failed' || !provider.data) return <BookingNotFound text={provider.error?.message} />;

  const verifiedNow = search.get('showSuccessModal') === 'true' && authenticated;

  // What was chosen travels on in the address; the next step reads it from there.
  const onSubmit = (answers: ServiceAnswers) => {
    const query = new URLSearchParams(search);
    query.set('counselingType', answers.counselingType);
    query.set('availabilityType', answers.appointmentMode);
    query.delete('showSuccessModal');
    const decision = decideStart(query, { bookingEnabled, userVerified: authenticated, b2bSelfBookingEnabled });
    void navigate(decision.kind === 'booking' ? firstStepPath(variant, query) : decision.url);
  };

  return (
    <div className="container section booking stack">
      <h1 ref={focusOnArrival} tabIndex={-1}>
        {message('ui.booking.heading')}
      </h1>
      {verifiedNow ? (
        <p className="notice notice--success" role="status">
          {message('ui.booking.verified')}
        </p>
      ) : null}
      {choice.state === 'gone' || !slot ? (
        <NextSlots provider={provider.data} lostSlotId={choice.slotId} text={request.error?.text} />
      ) : (
        <>
          <SlotSummary provider={provider.data} slot={slot} timeZone={choice.timeZone} />
          {authenticated ? (
            <div className="hold-area">
              {request.hold && request.hold.slotId === slot.id ? (
                <HoldCountdown expiresAt={request.hold.expiresAt} onHoldAgain={choice.holdAgain} />
              ) : request.status === 'holding' ? (
                <p role="status">{message('ui.booking.hold.pending')}</p>
              ) : request.status === 'failed' && request.error ? (
                <p className="notice notice--error" role="alert">
                  {request.error.text}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="muted">{message('ui.booking.verifyText')}</p>
          )}
          {form ? (
            <div className="card">
              <SpecForm<ServiceAnswers>
                form={form}
                initialData={{ counselingType: choice.counselingType, appointmentMode: choice.appointmentMode }}
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
