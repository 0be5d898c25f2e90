/**
 * Support cancels a session on the caller's behalf: a reason (staff may also record that the
 * practice cancelled), and before confirming whether it is a late cancellation and its fee, which
 * the agent may waive. The server decides the terms again (src/domain/cancellation.ts); the
 * Idempotency-Key makes a retried request answer the first result.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../generated/messages';
import { message } from '../../../domain/messages';
import { formatCents } from '../../../domain/money';
import { useApi } from '../../api/api-context';
import { errorTextFor } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import { sessionKeys, type SessionStory } from './data';

export function CancelSessionDialog({ session, onClose, onDone }: { session: SessionStory['appointment']; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [reasonId, setReasonId] = useState<string>();
  const [note, setNote] = useState('');
  const [waiveFee, setWaiveFee] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const terms = useQuery({
    queryKey: ['support', 'cancel-terms', session.id, session.start],
    queryFn: async () => {
      const [reasons, window] = await Promise.all([api.getAppointmentCancellationReasons({ query: { startDate: session.start } }), api.getLateCancellationWindowAndFee()]);
      return { ...reasons, windowHours: window.windowHours, currency: window.currency };
    },
    staleTime: 0,
  });

  const cancel = useMutation({
    mutationFn: () =>
      api.cancelAppointment({ params: { id: session.id }, body: { reasonId: reasonId!, ...(note.trim() ? { note: note.trim() } : {}), ...(waiveFee ? { waiveFee } : {}) } }, { idempotencyKey }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.story(session.id) });
      void queryClient.invalidateQueries({ queryKey: ['support', 'sessions'] });
      onDone();
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  const t = terms.data;
  const fee = t ? formatCents(t.feeCents, t.currency) : '';
  const charged = Boolean(t?.lateCancellation) && (t?.feeCents ?? 0) > 0 && !waiveFee;

  function confirm() {
    if (!reasonId) {
      setProblem(messages['ui.support.cancel.reasonRequired']);
      return;
    }
    setProblem(undefined);
    cancel.mutate();
  }

  return (
    <Dialog
      open
      title={messages['ui.support.cancel.heading']}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {messages['ui.support.cancel.keep']}
          </Button>
          {t ? (
            <Button variant="primary" className="btn--danger" onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
              {charged ? message('ui.support.cancel.confirmWithFee', { fee }) : messages['ui.support.cancel.confirm']}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="stack">
        {!t ? (
          terms.error ? (
            <p className="notice notice--error" role="alert">
              {errorTextFor(terms.error, 'support_web', 'PAGE_LOAD')}
            </p>
          ) : (
            <div className="stack-sm" role="status" aria-busy="true">
              <Skeleton height="2.75rem" />
              <Skeleton height="2.75rem" />
            </div>
          )
        ) : (
          <>
            <p className={`notice ${t.lateCancellation ? 'notice--warning' : ''}`} role="status">
              {t.lateCancellation ? message('ui.support.cancel.lateFee', { hours: t.windowHours, fee }) : message('ui.support.cancel.free', { hours: t.windowHours })}
            </p>
            {t.lateCancellation && t.feeCents > 0 ? (
              <label className="choice">
                <input type="checkbox" checked={waiveFee} onChange={(e) => setWaiveFee(e.target.checked)} />
                <span>{messages['ui.support.cancel.waive']}</span>
              </label>
            ) : null}
            <fieldset className="choices" aria-describedby={problem ? 'support-cancel-problem' : undefined}>
              <legend>{messages['ui.support.cancel.reasonLegend']}</legend>
              {t.items.map((r) => (
                <label key={r.id} className="choice">
                  <input type="radio" name="support-cancel-reason" value={r.id} checked={reasonId === r.id} onChange={() => setReasonId(r.id)} />
                  <span>{r.label}</span>
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor="support-cancel-note">
                {messages['ui.support.cancel.note']}
              </label>
              <textarea id="support-cancel-note" className="input textarea" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
          </>
        )}
        <div aria-live="assertive">
          {problem ? (
            <p id="support-cancel-problem" className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
