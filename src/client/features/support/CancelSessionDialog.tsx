/**
 * Support cancels a session on the caller's behalf, the one staff cancel path: a reason (staff may
 * also record that the provider or the practice cancelled, which costs nothing and gives back
 * everything paid for it through the money service), and before confirming whether it is a late
 * cancellation and its fee, which the agent may waive. The server decides the terms again
 * (src/domain/cancellation.ts); the Idempotency-Key makes a retried request answer the first result.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as bookingConstants from '@/generated/constants/booking';
import { queryKeys, queryRoot, useCancelAppointmentMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { useCancellationTerms } from '@/client/api/cancellation-terms';
import { errorTextFor } from '@/client/api/errors';
import { CancelReasonsDialog } from '@/client/ui/CancelReasonsDialog';
import { type SessionStory } from './data';

const copy = () => ({
  title: message('ui.support.cancel.heading'),
  keep: message('ui.support.cancel.keep'),
  reasonLegend: message('ui.support.cancel.reasonLegend'),
  note: message('ui.support.cancel.note'),
  reasonRequired: message('ui.support.cancel.reasonRequired'),
  loading: message('ui.support.cancel.loading'),
});

export function CancelSessionDialog({ session, onClose, onDone }: { session: SessionStory['appointment']; onClose: () => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [waiveFee, setWaiveFee] = useState(false);
  const [reasonId, setReasonId] = useState<string>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const terms = useCancellationTerms(session.start);

  const cancel = useCancelAppointmentMutation({
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.getSupportSession({ params: { id: session.id } }) });
      void queryClient.invalidateQueries({ queryKey: queryRoot('listAppointments') });
      onDone();
    },
  });

  const t = terms.data;
  const fee = t ? formatCents(t.feeCents, { currency: t.currency }) : '';
  const byPractice = reasonId === bookingConstants.practiceCancellationReasonId;
  const late = Boolean(t?.lateCancellation) && !byPractice;
  const charged = late && (t?.feeCents ?? 0) > 0 && !waiveFee;

  return (
    <CancelReasonsDialog
      copy={copy()}
      reasons={t?.items}
      loadError={terms.error ? errorTextFor(terms.error, 'support_web', 'PAGE_LOAD') : undefined}
      notice={
        t
          ? byPractice
            ? { tone: 'plain', text: message('ui.support.cancel.practice') }
            : late
              ? { tone: 'warning', text: message('ui.support.cancel.lateFee', { hours: t.windowHours, fee }) }
              : { tone: 'plain', text: message('ui.support.cancel.free', { hours: t.windowHours }) }
          : undefined
      }
      extra={
        late && (t?.feeCents ?? 0) > 0 ? (
          <label className="choice">
            <input type="checkbox" checked={waiveFee} onChange={(e) => setWaiveFee(e.target.checked)} />
            <span>{message('ui.support.cancel.waive')}</span>
          </label>
        ) : null
      }
      confirmLabel={charged ? message('ui.support.cancel.confirmWithFee', { fee }) : message('ui.support.cancel.confirm')}
      pending={cancel.isPending}
      problem={cancel.error ? errorTextFor(cancel.error, 'support_web') : undefined}
      onReason={setReasonId}
      onConfirm={(choice) =>
        cancel.mutate({ params: { id: session.id }, body: { ...choice, ...(late && waiveFee ? { waiveFee } : {}) }, callOptions: { idempotencyKey } })
      }
      onClose={onClose}
    />
  );
}
