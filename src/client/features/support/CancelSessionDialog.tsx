/**
 * Support cancels a session on the caller's behalf, the one staff cancel path: a reason (staff may
 * also record that the provider or the practice cancelled, which costs nothing and gives back
 * everything paid for it through the money service), and before confirming whether it is a late
 * cancellation and its fee, which the agent may waive. The server decides the terms again
 * (src/domain/cancellation.ts); the Idempotency-Key makes a retried request answer the first result.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as bookingConstants from '@/generated/constants/booking';
import { queryKeys, queryRoot, useCancelAppointmentMutation } from '@/generated/client/hooks';
import cancelForm from '@/generated/forms/support-cancel-session';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { useCancellationTerms } from '@/client/api/cancellation-terms';
import { errorTextFor } from '@/client/api/errors';
import { narrowedForm } from '@/client/runtime/forms/precompiled';
import { CancelReasonsDialog } from '@/client/ui/CancelReasonsDialog';
import { type SessionStory } from './data';

const copy = () => ({
  title: message('ui.support.cancel.heading'),
  keep: message('ui.support.cancel.keep'),
  loading: message('ui.support.cancel.loading'),
});

/** The form without the fee's waiver, for when no fee applies (not late, or the practice cancelled). */
function withoutWaiver(form: FormDefinition): FormDefinition {
  const { waiveFee: _waiveFee, ...properties } = (form.schema.properties ?? {}) as Record<string, unknown>;
  const { waiveFee: _waiveFeeUi, 'ui:order': order, ...ui } = form.uiSchema as Record<string, unknown>;
  const rest = Array.isArray(order) ? { 'ui:order': order.filter((name) => name !== 'waiveFee') } : {};
  return narrowedForm(form, { ...form.schema, properties } as FormDefinition['schema'], { ...ui, ...rest } as FormDefinition['uiSchema']);
}

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
  const feeApplies = late && (t?.feeCents ?? 0) > 0;
  const charged = feeApplies && !waiveFee;
  const form = useMemo(() => (feeApplies ? cancelForm : withoutWaiver(cancelForm)), [feeApplies]);

  return (
    <CancelReasonsDialog
      copy={copy()}
      form={form}
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
      confirmLabel={charged ? message('ui.support.cancel.confirmWithFee', { fee }) : message('ui.support.cancel.confirm')}
      pending={cancel.isPending}
      problem={cancel.error ? errorTextFor(cancel.error, 'support_web') : undefined}
      onChange={(choice) => {
        setReasonId(choice.reasonId);
        setWaiveFee(choice.waiveFee === true);
      }}
      // The waiver is sent only when a fee applies (the box may have been ticked before the practice's reason was picked).
      onConfirm={({ waiveFee: waived, ...choice }) =>
        cancel.mutate({ params: { id: session.id }, body: { ...choice, ...(feeApplies && waived ? { waiveFee: true } : {}) }, callOptions: { idempotencyKey } })
      }
      onClose={onClose}
    />
  );
}
