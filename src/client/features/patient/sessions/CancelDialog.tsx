/**
 * Cancelling a session: the patient picks a reason, and before confirming sees whether it is a
 * late cancellation and what it costs (or that the fee is waived, or that it can no longer be
 * cancelled online when the cancelUntilAppointmentTime flag blocks it). The fee is charged to a card
 * on file; without one nothing is paid on confirming, so the words say the fee will be due instead.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCancelAppointmentMutation, useCancelAppointmentSeriesRestMutation } from '@/generated/client/hooks';
import * as bookingConstants from '@/generated/constants/booking';
import * as placesConstants from '@/generated/constants/places';
import cancelForm from '@/generated/forms/cancel-session';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatPhone } from '@/domain/phone';
import { useCancellationTerms } from '@/client/api/cancellation-terms';
import { errorTextFor } from '@/client/api/errors';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { CancelReasonsDialog } from '@/client/ui/CancelReasonsDialog';
import { useCardsOnFile } from '../billing-data';
import { sessionsChanged, whenOf, type Session } from './session-data';

export interface CancelOutcome {
  text: string;
}

export function cancelOutcomeText(cancelled: Session): string {
  const lines = [message('ui.patient.cancel.done', { when: whenOf(cancelled) })];
  const c = cancelled.cancellation;
  if (c?.feeStatus === 'charged') lines.push(message('ui.patient.cancel.feeCharged', { fee: formatCents(c.feeCents) }));
  if (c?.feeStatus === 'outstanding') lines.push(message('ui.patient.cancel.feeOutstanding', { fee: formatCents(c.feeCents) }));
  // The server refunds a session cancelled in time at once; its payment then reads refunded.
  if (cancelled.payment?.status === 'refunded') lines.push(message('ui.patient.cancel.refunded', { amount: formatCents(cancelled.payment.amountCents) }));
  return lines.join(' ');
}

const copy = () => ({
  title: message('ui.patient.cancel.heading'),
  keep: message('ui.patient.cancel.keep'),
  loading: message('ui.patient.loading'),
});

/** `rest`: this session and the later ones of its recurring series, each on its own terms (the first one's are shown). */
export function CancelDialog({
  session,
  rest = false,
  onClose,
  onDone,
}: {
  session: Session;
  rest?: boolean;
  onClose: () => void;
  onDone: (outcome: CancelOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const cancelOnlineUntilStart = useFlagOn('cancelUntilAppointmentTime');
  const lateFeeWaived = useFlagOn('clientCancelWithin48Hours');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const cards = useCardsOnFile();
  const terms = useCancellationTerms(session.start);

  const cancel = useCancelAppointmentMutation({
    onSuccess: (cancelled) => {
      sessionsChanged(queryClient, cancelled);
      onDone({ text: cancelOutcomeText(cancelled) });
    },
  });
  const cancelRest = useCancelAppointmentSeriesRestMutation({
    onSuccess: ({ items }) => {
      sessionsChanged(queryClient);
      onDone({ text: message('ui.patient.sessions.cancelRestDone', { count: items.length }) });
    },
  });
  const action = rest ? cancelRest : cancel;

  // The terms, once it is known whether a card is on file (a failed card list reads as none: no payment is promised).
  const t = cards.isPending && !cards.isError ? undefined : terms.data;
  const cardOnFile = (cards.data?.length ?? 0) > 0;
  const hours = t?.windowHours ?? bookingConstants.lateCancelWindowHours;
  const fee = t ? formatCents(t.feeCents, { currency: t.currency }) : '';
  const blocked = Boolean(t?.lateCancellation) && !cancelOnlineUntilStart;
  const charged = Boolean(t?.lateCancellation) && (t?.feeCents ?? 0) > 0 && !lateFeeWaived;

  return (
    <CancelReasonsDialog
      copy={copy()}
      form={cancelForm}
      subject={rest ? `${whenOf(session)} · ${message('ui.patient.sessions.cancelRest')}` : whenOf(session)}
      reasons={t?.items}
      loadError={terms.error ? errorTextFor(terms.error, 'patient_web', 'PAGE_LOAD') : undefined}
      allowed={!blocked}
      notice={
        !t
          ? undefined
          : blocked
            ? { tone: 'warning', urgent: true, text: message('ui.patient.cancel.tooLate', { hours, phone: formatPhone(placesConstants.supportPhone) }) }
            : t.lateCancellation
              ? {
                  tone: charged ? 'warning' : 'success',
                  text: `${charged ? message('ui.patient.cancel.lateFee', { hours, fee }) : message('ui.patient.cancel.feeWaived', { hours })}${
                    charged && !cardOnFile ? ` ${message('ui.patient.cancel.feeWillBeDue', { fee })}` : ''
                  }`,
                }
              : { tone: 'plain', text: message('ui.patient.cancel.free', { hours }) }
      }
      confirmLabel={
        !charged
          ? message('ui.patient.cancel.confirm')
          : cardOnFile
            ? message('ui.patient.cancel.confirmWithFee', { fee })
            : message('ui.patient.cancel.confirmFeeDue', { fee })
      }
      pending={action.isPending}
      problem={action.error ? errorTextFor(action.error, 'patient_web') : undefined}
      onConfirm={(choice) =>
        rest
          ? cancelRest.mutate({ params: { id: session.id }, body: choice, callOptions: { idempotencyKey } })
          : cancel.mutate({ params: { id: session.id }, body: choice, callOptions: { idempotencyKey } })
      }
      onClose={onClose}
    />
  );
}
