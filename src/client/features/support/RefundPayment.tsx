/**
 * Staff refund of all or part of a session's payment, from the caller's account: the
 * amount (at most what is left) and a reason, sent once under one idempotency key, so a retry after a
 * lost answer never refunds twice. The form is specs/forms/support-refund.yaml; the amount is read by the one cents parser. The server checks the role, the supportRefunds flag and the amount;
 * this form only follows the flag.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useRefundPaymentMutation } from '@/generated/client/hooks';
import refundForm from '@/generated/forms/support-refund';
import { message } from '@/domain/messages';
import { formatCents, parseDollars } from '@/domain/money';
import type { FieldError } from '@/domain/validation/field-errors';
import { errorTextFor } from '@/client/api/errors';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import type { AccountSession } from './data';

type Payment = NonNullable<AccountSession['payment']>;

interface Refund {
  amount: string;
  reason: string;
}

export function RefundPayment({ payment, userId }: { payment: Payment; userId: string }) {
  const allowed = useFlagOn('supportRefunds');
  const queryClient = useQueryClient();
  const left = payment.amountCents - (payment.refundedCents ?? 0);
  const [open, setOpen] = useState(false);
  // What the schema cannot know: the amount read in cents against what is left of this payment (the server checks it too).
  const [amountErrors, setAmountErrors] = useState<readonly FieldError[]>([]);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<string>();

  const refund = useRefundPaymentMutation({
    onSuccess: (answer) => {
      setDone(message('ui.support.refund.done', { amount: formatCents(answer.amountCents) }));
      setOpen(false);
      setKey(crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: queryKeys.listAppointments({ query: { userId } }) });
    },
  });

  const submit = ({ amount, reason }: Refund) => {
    const cents = parseDollars(amount);
    if (cents === undefined || cents < 1 || cents > left) {
      setAmountErrors([{ field: 'amount', keyword: 'maximum', message: message('ui.support.refund.amountInvalid', { amount: formatCents(left) }) }]);
      return;
    }
    setAmountErrors([]);
    refund.mutate({ params: { id: payment.id }, body: { amountCents: cents, reason: reason.trim() }, callOptions: { idempotencyKey: key } });
  };

  return (
    <div className="stack-sm">
      <p className="support__meta">
        {message('ui.support.refund.paid', {
          amount: formatCents(payment.amountCents),
          card: [payment.cardBrand, payment.cardLast4].filter(Boolean).join(' '),
        })}
        {payment.refundedCents ? ` · ${message('ui.support.refund.refunded', { amount: formatCents(payment.refundedCents) })}` : null}
      </p>
      <div aria-live="polite">{done ? <p role="status">{done}</p> : null}</div>
      {allowed && left > 0 && !open ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(true);
              setDone(undefined);
              setAmountErrors([]);
            }}
          >
            {message('ui.support.refund.open')}
          </Button>
        </div>
      ) : null}
      {allowed && open ? (
        <section className="stack-sm" aria-label={message('ui.support.refund.open')}>
          <SpecForm<Refund>
            idPrefix={`refund-${payment.id}`}
            form={refundForm}
            initialData={{ amount: (left / 100).toFixed(2) }}
            serverErrors={amountErrors}
            submitting={refund.isPending}
            submitLabel={refund.isPending ? message('ui.support.refund.sending') : undefined}
            actions={
              <Button variant="ghost" onClick={() => setOpen(false)}>
                {message('ui.support.refund.cancel')}
              </Button>
            }
            onSubmit={submit}
          />
          <ErrorNotice text={refund.error ? errorTextFor(refund.error, 'support_web') : undefined} />
        </section>
      ) : null}
    </div>
  );
}
