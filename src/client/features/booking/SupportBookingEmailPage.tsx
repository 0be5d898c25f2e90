/**
 * Booking step email for staff (/app/bookings/support/email): find the caller's account by e-mail
 * (GET /users/exists answers staff the account id; GET /support/users/{id} and its
 * allow-booking-flow check say whether booking for it is allowed), or create the account
 * (POST /users/create) when there is none. The account travels on as the booking query's userId.
 */
import { useState } from 'react';
import { useCreateUserMutation } from '@/generated/client/hooks';
import { Navigate, useNavigate } from 'react-router';
import bookingEmail from '@/generated/forms/booking-email';
import newAccount from '@/generated/forms/booking-new-account';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { bookingHelperUpdated, selectBookingHelper } from '@/client/store/booking/slice';
import { PageSkeleton } from '@/client/ui/Skeleton';
import { focusOnArrival } from '@/client/ui/focus-on-arrival';
import { Button } from '@/client/ui/Button';
import { useFetchNow } from '@/client/api/api-queries';
import type { EndpointTypes } from '@/generated/entities';
import { useBookingChoice } from './choice';
import { BookingNotFound } from './BookingNotFound';
import { nextStepPath, previousStepPath, stepById } from './flow';
import { StepHeader } from './StepHeader';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { useApiAction } from './useApiAction';
import './booking.css';
import { enumLabelOf } from '@/domain/translations';
import * as marketplaceEnums from '@/generated/enums/marketplace';

const step = stepById('email');

/** The account staff book for (GET /support/users/{id}, or the one just created). */
type SupportUser = Pick<EndpointTypes['getSupportUser']['response'], 'id' | 'firstName' | 'lastName' | 'email'>;

export default function SupportBookingEmailPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const fetchNow = useFetchNow();
  const createUser = useCreateUserMutation();
  const choice = useBookingChoice();
  const { search } = choice;
  const helper = useAppSelector(selectBookingHelper);
  const action = useApiAction();
  const [newFor, setNewFor] = useState<string>();
  const [blocked, setBlocked] = useState<string>();

  if (choice.state === 'missing') return <BookingNotFound />;
  if (choice.state === 'failed') return <BookingNotFound text={choice.provider.error?.message} />;
  if (choice.state === 'loading') return <PageSkeleton />;
  // A time that is gone, or no service chosen yet: the booking page offers the next times or the service form.
  if (choice.state === 'gone' || !choice.counselingType) return <Navigate to={previousStepPath('email', 'support', search)} replace />;

  const goOn = (user: SupportUser) => {
    dispatch(bookingHelperUpdated({ dbUser: { ...user }, userEmail: user.email }));
    const query = new URLSearchParams(search);
    query.set('userId', user.id);
    void navigate(nextStepPath('email', 'support', query)!);
  };

  const onEmail = async ({ email }: { email: string }) => {
    setBlocked(undefined);
    // Checks of the moment (an account may have just been made, or its allowance changed): read anew, under the generated keys.
    const found = await action.run(() => fetchNow((q) => q.userExists({ query: { email } })));
    if (!found) return;
    if (!found.exists) return setNewFor(email);
    if (!found.userId)
      return setBlocked(message('ui.booking.support.notAllowed', { reason: enumLabelOf(marketplaceEnums.bookingFlowBlockReason, 'EMAIL_MISMATCH') }));
    const user = await action.run(() => fetchNow((q) => q.getSupportUser({ params: { id: found.userId! } })));
    if (!user) return;
    const allowed = await action.run(() => fetchNow((q) => q.allowBookingFlow({ params: { id: user.id }, query: { email } })));
    if (!allowed) return;
    if (!allowed.allowed)
      return setBlocked(
        message('ui.booking.support.notAllowed', { reason: allowed.reason ? enumLabelOf(marketplaceEnums.bookingFlowBlockReason, allowed.reason) : '' }),
      );
    goOn(user);
  };

  const onCreate = async (person: { firstName: string; lastName: string; dateOfBirth: string }) => {
    if (!newFor) return;
    const created = await action.run(() => createUser.mutateAsync({ body: { email: newFor, ...person } }));
    if (created) goOn(created);
  };

  return (
    <div className="container section booking stack">
      <StepHeader step={step} variant="support" />
      <div className="card">
        {newFor ? (
          <div className="stack">
            {/* The e-mail form (and its focused field) gave way to this one: keyboard and screen-reader users go on from here. */}
            <p role="status" ref={focusOnArrival} tabIndex={-1}>
              {message('ui.support.userAccountNotFound')}
            </p>
            <SpecForm<{ firstName: string; lastName: string; dateOfBirth: string }>
              form={newAccount as FormDefinition}
              onSubmit={onCreate}
              submitting={action.pending}
              serverErrors={action.fieldErrors}
              actions={
                <Button variant="ghost" onClick={() => (action.reset(), setNewFor(undefined))}>
                  {message('ui.booking.verify.changeEmail')}
                </Button>
              }
            />
          </div>
        ) : (
          <SpecForm<{ email: string }>
            form={bookingEmail as FormDefinition}
            initialData={helper.userEmail || helper.bookingFor ? { email: helper.userEmail ?? helper.bookingFor?.email } : undefined}
            onSubmit={onEmail}
            submitting={action.pending}
            serverErrors={action.fieldErrors}
          />
        )}
      </div>
      <ErrorNotice text={blocked ?? action.text} />
      <div>
        <Button variant="ghost" onClick={() => void navigate(previousStepPath('email', 'support', search))}>
          {message('ui.booking.back')}
        </Button>
      </div>
    </div>
  );
}
