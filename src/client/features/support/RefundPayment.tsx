/**
 * Staff refund of all or part of a session's payment, from the caller's account: the
 * amount (at most what is left) and a reason, sent once under one idempotency key, so a retry after a
 * lost answer never refunds twice. The server checks the role, the supportRefunds flag and the amount;
 * this form only follows the flag.
 */
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useRefundPaymentMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { formatCents, parseDollars } from '@/domain/money';
import { errorTextFor } from '@/client/api/errors';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import type { AccountSession } from './data';

type Payment = NonNullable<AccountSession['payment']>;

export function RefundPayment({ payment, userId }: { payment: Payment; userId: string }) {
  const allowed = useFlagOn('supportRefunds');
  const queryClient = useQueryClient();
  const id = useId();
  const left = payment.amountCents - (payment.refundedCents ?? 0);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<string>();

  const refund = useRefundPaymentMutation({
    onSuccess: (answer) => {
      setDone(message('ui.support.refund.done', { amount: formatCents(answer.amountCents) }));
      setOpen(false);
      setReason('');
      setKey(crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: queryKeys.listAppointments({ query: { userId } }) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(amount);
    const found = {
      amount: cents === undefined || cents < 1 || cents > left ? message('ui.support.refund.amountInvalid', { amount: formatCents(left) }) : undefined,
      reason: reason.trim() ? undefined : message('ui.support.refund.reasonRequired'),
    };
    setProblems(found);
    if (found.amount || found.reason) return;
    refund.mutate({ params: { id: payment.id }, body: { amountCents: cents!, reason: reason.trim() }, callOptions: { idempotencyKey: key } });
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
              setAmount((left / 100).toFixed(2));
            }}
          >
            {message('ui.support.refund.open')}
          </Button>
        </div>
      ) : null}
      {allowed && open ? (
        <form className="stack-sm" noValidate onSubmit={submit} aria-label={message('ui.support.refund.open')}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-amount`}>
              {message('ui.support.refund.amount')}
            </label>
            <input
              id={`${id}-amount`}
              className="input"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={problems.amount ? true : undefined}
              aria-describedby={`${id}-amount-hint ${id}-amount-error`}
            />
            <span id={`${id}-amount-hint`} className="field__hint">
              {message('ui.support.refund.amountHint', { amount: formatCents(left) })}
            </span>
            <span id={`${id}-amount-error`} className="field__error">
              {problems.amount}
            </span>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              {message('ui.support.refund.reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              className="input"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={`${id}-reason-error`}
            />
            <span id={`${id}-reason-error`} className="field__error">
              {problems.reason}
            </span>
          </div>
          <div className="cluster">
            <Button type="submit" disabled={refund.isPending}>
              {refund.isPending ? message('ui.support.refund.sending') : message('ui.support.refund.submit')}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {message('ui.support.refund.cancel')}
            </Button>
          </div>
          <ErrorNotice text={refund.error ? errorTextFor(refund.error, 'support_web') : undefined} />
        </form>
      ) : null}
    </div>
  );
}
