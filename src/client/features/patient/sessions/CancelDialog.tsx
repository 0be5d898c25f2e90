/**
 * Cancelling a session: the patient picks a reason, and before confirming sees whether it is a
 * late cancellation and what it costs (or that the fee is waived, or that it can no longer be
 * cancelled online when the cancelUntilAppointmentTime flag blocks it). The fee is charged to a card
 * on file; without one nothing is paid on confirming, so the words say the fee will be due instead.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { constants } from '../../../../generated/constants';
import { messages } from '../../../../generated/messages';
import { message } from '../../../../domain/messages';
import { formatCents } from '../../../../domain/money';
import { formatPhone } from '../../../../domain/phone';
import { useApi } from '../../../api/api-context';
import { errorTextFor } from '../../../api/errors';
import { useFlagOn } from '../../../runtime/flags/useTreatment';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useCardsOnFile } from '../billing-data';
import { ListSkeleton } from '../states';
import { sessionKeys, whenOf, type Session } from './session-data';

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

export function CancelDialog({ session, onClose, onDone }: { session: Session; onClose: () => void; onDone: (outcome: CancelOutcome) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const cancelOnlineUntilStart = useFlagOn('cancelUntilAppointmentTime');
  const lateFeeWaived = useFlagOn('clientCancelWithin48Hours');
  const [reasonId, setReasonId] = useState<string>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const cards = useCardsOnFile();

  const terms = useQuery({
    queryKey: ['portal', 'cancel-terms', session.id, session.start],
    queryFn: async () => {
      const [reasons, window] = await Promise.all([
        api.getAppointmentCancellationReasons({ query: { startDate: session.start } }),
        api.getLateCancellationWindowAndFee(),
      ]);
      return { ...reasons, windowHours: window.windowHours, currency: window.currency };
    },
    staleTime: 0,
  });

  const cancel = useMutation({
    mutationFn: () => api.cancelAppointment({ params: { id: session.id }, body: { reasonId: reasonId!, ...(note.trim() ? { note: note.trim() } : {}) } }, { idempotencyKey }),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(sessionKeys.one(cancelled.id), cancelled);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      onDone({ text: cancelOutcomeText(cancelled) });
    },
    onError: (error) => setProblem(errorTextFor(error, 'patient_web')),
  });

  // The terms, once it is known whether a card is on file (a failed card list reads as none: no payment is promised).
  const t = cards.isPending && !cards.isError ? undefined : terms.data;
  const cardOnFile = (cards.data?.length ?? 0) > 0;
  const hours = t?.windowHours ?? constants.lateCancelWindowHours;
  const fee = t ? formatCents(t.feeCents, t.currency) : '';
  const blocked = Boolean(t?.lateCancellation) && !cancelOnlineUntilStart;
  const charged = Boolean(t?.lateCancellation) && (t?.feeCents ?? 0) > 0 && !lateFeeWaived;

  function confirm() {
    if (!reasonId) {
      setProblem(messages['ui.patient.cancel.reasonRequired']);
      return;
    }
    setProblem(undefined);
    cancel.mutate();
  }

  return (
    <Dialog
      open
      title={messages['ui.patient.cancel.heading']}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {messages['ui.patient.cancel.keep']}
          </Button>
          {t && !blocked ? (
            <Button variant="primary" className="btn--danger" onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
              {!charged ? messages['ui.patient.cancel.confirm'] : cardOnFile ? message('ui.patient.cancel.confirmWithFee', { fee }) : message('ui.patient.cancel.confirmFeeDue', { fee })}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="stack">
        <p className="item__title">{whenOf(session)}</p>
        {!t ? (
          terms.error ? (
            <p className="notice notice--error" role="alert">{errorTextFor(terms.error, 'patient_web', 'PAGE_LOAD')}</p>
          ) : (
            <ListSkeleton rows={3} height="2.75rem" />
          )
        ) : (
          <>
            {blocked ? (
              <p className="notice notice--warning" role="alert">
                {message('ui.patient.cancel.tooLate', { hours, phone: formatPhone(constants.supportPhone) })}
              </p>
            ) : t.lateCancellation ? (
              <p className={`notice ${charged ? 'notice--warning' : 'notice--success'}`} role="status">
                {charged ? message('ui.patient.cancel.lateFee', { hours, fee }) : message('ui.patient.cancel.feeWaived', { hours })}
                {charged && !cardOnFile ? ` ${message('ui.patient.cancel.feeWillBeDue', { fee })}` : null}
              </p>
            ) : (
              <p className="notice" role="status">
                {message('ui.patient.cancel.free', { hours })}
              </p>
            )}
            {blocked ? null : (
              <>
                <fieldset className="choices" aria-describedby={problem ? 'cancel-problem' : undefined}>
                  <legend>{messages['ui.patient.cancel.reasonLegend']}</legend>
                  {t.items.map((r) => (
                    <label key={r.id} className="choice">
                      <input type="radio" name="cancel-reason" value={r.id} checked={reasonId === r.id} onChange={() => setReasonId(r.id)} />
                      <span>{r.label}</span>
                    </label>
                  ))}
                </fieldset>
                <div className="field">
                  <label className="field__label" htmlFor="cancel-note">
                    {messages['ui.patient.cancel.note']}
                  </label>
                  <textarea id="cancel-note" className="input textarea" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
                </div>
              </>
            )}
          </>
        )}
        <div aria-live="assertive">
          {problem ? (
            <p id="cancel-problem" className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
