/**
 * Keeping a card on file for one of the account's patients (POST /patient-cards): the card is
 * tokenized first (by the API with the local test gateway, by Braintree's hosted fields in the
 * browser), so its number never reaches our server's storage.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryRoot, useSavePatientCardMutation, useTokenizeCardMutation } from '@/generated/client/hooks';
import cardForm from '@/generated/forms/booking-card';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { CardForm } from '@/client/payments/CardForm';
import { billingAnswersOf } from '@/client/payments/billing-answers';
import { isTokenizedCard, type CardInput } from '@/client/store/services';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button } from '@/client/ui/Button';
import { Dialog } from '@/client/ui/Dialog';
import { fullName, useAccount, usePatients } from '../data';
import { ListSkeleton, LoadFailed } from '../states';

export function AddCardDialog({ onClose, onDone }: { onClose: () => void; onDone: (text: string) => void }) {
  const queryClient = useQueryClient();
  const account = useAccount();
  const patients = usePatients();
  const [patientId, setPatientId] = useState<string>();
  const [makeDefault, setMakeDefault] = useState(false);
  const owner = patientId ?? patients.data?.find((p) => p.relationship === 'Self')?.id ?? patients.data?.[0]?.id;

  // The card is tokenized first (unless the gateway's fields already did), then kept for its patient.
  const tokenize = useTokenizeCardMutation();
  const keep = useSavePatientCardMutation({
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queryRoot('listPatientCards') });
      onDone(message('ui.patient.addCard.saved', { brand: saved.brand, last4: saved.last4 }));
    },
  });
  const keepWith = (nonce: string) => keep.mutate({ body: { patientId: owner!, nonce, ...(makeDefault ? { makeDefault } : {}) } });
  const save = (card: CardInput) => {
    tokenize.reset();
    keep.reset();
    if (isTokenizedCard(card)) keepWith(card.nonce);
    else tokenize.mutate({ body: card }, { onSuccess: ({ nonce }) => keepWith(nonce) });
  };
  const saving = tokenize.isPending || keep.isPending;
  const failure = tokenize.error ?? keep.error;

  return (
    <Dialog
      open
      title={message('ui.patient.addCard.heading')}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {message('ui.patient.pay.notNow')}
        </Button>
      }
    >
      <div className="stack">
        {/* The form starts with the account's name and address, so it waits for them. */}
        {/* Without the account's name and address there is no form to show: say so, with a way to try again. */}
        {patients.error || account.error ? (
          <LoadFailed
            error={patients.error ?? account.error}
            retry={() => {
              if (patients.error) void patients.refetch();
              if (account.error) void account.refetch();
            }}
          />
        ) : !patients.data || !owner || account.isPending ? (
          <ListSkeleton rows={2} height="2.75rem" />
        ) : (
          <>
            {patients.data.length > 1 ? (
              <div className="field">
                <label className="field__label" htmlFor="add-card-patient">
                  {message('ui.patient.addCard.patient')}
                </label>
                <select id="add-card-patient" className="input" value={owner} onChange={(e) => setPatientId(e.target.value)}>
                  {patients.data.map((p) => (
                    <option key={p.id} value={p.id}>
                      {fullName(p)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <label className="choice">
              <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
              <span>{message('ui.patient.addCard.makeDefault')}</span>
            </label>
            <CardForm
              form={cardForm as FormDefinition}
              idPrefix="new-card"
              initialData={billingAnswersOf(account.data)}
              submitLabel={message('ui.patient.addCard.save')}
              submitting={saving}
              onSubmit={save}
            />
          </>
        )}
        <div aria-live="polite">{saving ? <p role="status">{message('ui.patient.addCard.saving')}</p> : null}</div>
        <ErrorNotice text={failure ? errorTextFor(failure, 'patient_web') : undefined} />
      </div>
    </Dialog>
  );
}
