/**
 * /app/verify-user-payment?patientId=: keeps a card on file for a patient of the signed-in account. The
 * card form of the gateway in use (CardForm) hands the card to the payment saga, which tokenizes it
 * (POST /patient-cards/tokenize, or Braintree's nonce) and saves it (POST /patient-cards); the API refuses
 * a declined card and a patient of another account (404, like an unknown one).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryRoot } from '@/generated/client/hooks';
import cardForm from '@/generated/forms/booking-card';
import { routeById } from '@/generated/routes';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { useAccount } from '@/client/api/account-queries';
import { CardForm } from '@/client/payments/CardForm';
import { billingAnswersOf } from '@/client/payments/billing-answers';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { cardSaveRequested, cardSaveReset, selectPayment } from '@/client/store/payment/slice';
import { ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { stepCopy, useAccountPatient, usePatientId } from './steps';

export default function VerifyUserPaymentPage() {
  const patientId = usePatientId();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const { cardSave } = useAppSelector(selectPayment);
  const copy = stepCopy('payment');
  const { isPending, patient } = useAccountPatient(patientId);
  const account = useAccount();

  useEffect(() => {
    dispatch(cardSaveReset());
  }, [dispatch, patientId]);

  useEffect(() => {
    if (cardSave.status === 'succeeded') void queryClient.invalidateQueries({ queryKey: queryRoot('listPatientCards') });
  }, [cardSave.status, queryClient]);

  const saved = cardSave.status === 'succeeded' ? cardSave.saved : undefined;

  return (
    <div className="section">
      <div className="container form-card stack">
        <h1>{copy.heading}</h1>
        {isPending || account.isPending ? (
          <Skeleton height="12rem" label={copy.heading} />
        ) : !patient ? (
          <p className="notice notice--error" role="alert">
            {message('ui.verify.patientNotFound')}
          </p>
        ) : saved ? (
          <>
            {/* The toast announces it; the page keeps saying it. */}
            <p className="notice notice--success">{message('ui.toast.cardSaved', { brand: saved.brand, last4: saved.last4 })}</p>
            <div className="cluster">
              <ButtonLink to={routeById.patientHome.path}>{message('ui.verify.toDashboard')}</ButtonLink>
            </div>
          </>
        ) : (
          <>
            {copy.text ? <p>{copy.text}</p> : null}
            <h2>{message('ui.verify.cardOnFile', { patient: fullName(patient) })}</h2>
            <CardForm
              form={cardForm as FormDefinition}
              idPrefix="verify-card"
              initialData={billingAnswersOf(account.data)}
              submitLabel={copy.save}
              submitting={cardSave.status === 'pending'}
              onSubmit={(card) => dispatch(cardSaveRequested({ card, patientId: patient.id }))}
            />
            <div aria-live="polite">{cardSave.status === 'pending' ? <p role="status">{message('ui.verify.savingCard')}</p> : null}</div>
            <ErrorNotice text={cardSave.status === 'failed' ? cardSave.error?.text : undefined} />
          </>
        )}
      </div>
    </div>
  );
}
