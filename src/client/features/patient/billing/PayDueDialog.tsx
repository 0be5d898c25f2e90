/**
 * Paying what is due on a session (a late-cancellation fee, an unpaid self-pay price): with a card
 * on file, or another card that can be kept on file. The payment saga tokenizes and pays under one
 * idempotency key, so a retry after a lost answer never charges twice.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidatePortal } from '@/client/api/query-client';
import cardForm from '@/generated/forms/booking-card';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { CardForm } from '@/client/payments/CardForm';
import { billingAnswersOf } from '@/client/payments/billing-answers';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { paymentRequested, paymentReset, selectPayment } from '@/client/store/payment/slice';
import type { CardInput } from '@/client/store/services';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button } from '@/client/ui/Button';
import { Dialog } from '@/client/ui/Dialog';
import { useAccount } from '../data';
import { ListSkeleton } from '../states';
import { whenOf } from '../sessions/session-data';
import { useCardsOnFile } from '../billing-data';
import type { AmountDue } from './due-data';

export function PayDueDialog({ due, onClose, onDone }: { due: AmountDue; onClose: () => void; onDone: (text: string) => void }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const payment = useAppSelector(selectPayment);
  const account = useAccount();
  const cardLists = useCardsOnFile();
  const cards = (cardLists.data ?? []).flatMap((l) => l.cards);
  const [chosen, setChosen] = useState<string>();
  const [keepCard, setKeepCard] = useState(true);
  const amount = formatCents(due.cents);
  const busy = payment.status === 'pending';
  const cardId = chosen ?? cards[0]?.id;
  const withCardOnFile = cards.length > 0 && cardId !== 'new';

  // A payment attempt belongs to this dialog: start clean, and leave nothing behind.
  useEffect(() => {
    dispatch(paymentReset());
    return () => {
      dispatch(paymentReset());
    };
  }, [dispatch]);

  useEffect(() => {
    if (payment.status !== 'succeeded') return;
    void invalidatePortal(queryClient);
    onDone(message('ui.patient.pay.done', { amount, when: whenOf(due.session) }));
  }, [payment.status, queryClient, onDone, amount, due.session]);

  function pay(card?: CardInput) {
    const request = card ? { appointmentId: due.session.id, saveCard: keepCard } : { appointmentId: due.session.id, cardId };
    dispatch(paymentRequested({ ...(card ? { card } : {}), payment: request }));
  }

  const payLabel = message('ui.patient.billing.pay', { amount });
  return (
    <Dialog
      open
      title={message('ui.patient.pay.heading')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {message('ui.patient.pay.notNow')}
          </Button>
          {withCardOnFile ? (
            <Button onClick={() => pay()} disabled={busy} aria-busy={busy || undefined}>
              {payLabel}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="stack">
        <p className="item__title">
          {due.label} · {amount}
        </p>
        {/* The card form starts with the account's name and address, so it waits for them. */}
        {cardLists.isPending || account.isPending ? (
          <ListSkeleton rows={2} height="2.75rem" />
        ) : (
          <>
            {cards.length ? (
              <fieldset className="choices">
                <legend>{message('ui.patient.pay.cardLegend')}</legend>
                {cards.map((c) => (
                  <label key={c.id} className="choice">
                    <input type="radio" name="pay-card" checked={cardId === c.id} onChange={() => setChosen(c.id)} />
                    <span>{message('ui.patient.billing.card', { brand: c.brand, last4: c.last4 })}</span>
                  </label>
                ))}
                <label className="choice">
                  <input type="radio" name="pay-card" checked={cardId === 'new'} onChange={() => setChosen('new')} />
                  <span>{message('ui.patient.pay.newCard')}</span>
                </label>
              </fieldset>
            ) : null}
            {withCardOnFile ? null : (
              <>
                <label className="choice">
                  <input type="checkbox" checked={keepCard} onChange={(e) => setKeepCard(e.target.checked)} />
                  <span>{message('ui.patient.pay.saveCard')}</span>
                </label>
                <CardForm
                  form={cardForm as FormDefinition}
                  idPrefix="pay-card"
                  initialData={billingAnswersOf(account.data)}
                  submitLabel={payLabel}
                  submitting={busy}
                  onSubmit={(card) => pay(card)}
                />
              </>
            )}
          </>
        )}
        <div aria-live="polite">{busy ? <p role="status">{message('ui.patient.pay.paying')}</p> : null}</div>
        <ErrorNotice text={payment.status === 'failed' ? payment.error?.text : undefined} />
      </div>
    </Dialog>
  );
}
