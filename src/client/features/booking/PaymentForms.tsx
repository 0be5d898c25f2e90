/**
 * The payment step's forms, each drawn only when it is wanted: the card form (self-pay without a card on file) and a
 * partner's authorization. Loaded apart from the step (PaymentPage.tsx, which fetches them while the browser is idle):
 * the step's first taps (insurance or self-pay, the consent) need neither, and their code (the spec form renderer,
 * about 6 KB brotli, and the two form specs) is not on the way to those taps.
 */
import cardForm from '@/generated/forms/booking-card';
import authorizationForm from '@/generated/forms/authorization';
import type { FormDefinition } from '@/generated/types';
import type { SavePatientAuthorizationBody } from '@/generated/entities';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { CardForm, type CardFormProps } from '@/client/payments/CardForm';
import type { BillingAnswers } from '@/client/payments/billing-answers';

/** The booking's card form (specs/forms/booking-card.yaml). */
export function BookingCardForm(props: Omit<CardFormProps<BillingAnswers>, 'form' | 'idPrefix'>) {
  return <CardForm form={cardForm as FormDefinition} idPrefix="card" {...props} />;
}

/** A partner's authorization for the booking (specs/forms/authorization.yaml). */
export function AuthorizationForm({ onSubmit }: { onSubmit: (authorization: SavePatientAuthorizationBody) => void }) {
  return <SpecForm<SavePatientAuthorizationBody> idPrefix="authorization" form={authorizationForm as FormDefinition} onSubmit={onSubmit} />;
}
