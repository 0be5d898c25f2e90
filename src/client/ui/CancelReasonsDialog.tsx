/**
 * The one dialog that cancels a session, for a patient in the portal and for staff on a caller's
 * behalf: what it will cost (a notice the caller words), a required reason, an optional note, and
 * the confirm button. The reason and note live here; the caller sends them, so it decides the words,
 * the terms and the request. A missing reason is said next to the buttons, like a server refusal.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Skeleton } from './Skeleton';

export interface CancelReason {
  id: string;
  label: string;
}

export interface CancelReasonsCopy {
  title: string;
  keep: string;
  reasonLegend: string;
  note: string;
  reasonRequired: string;
  loading: string;
}

export interface CancelReasonsDialogProps {
  copy: CancelReasonsCopy;
  /** a line under the title naming the session */
  subject?: string;
  /** undefined while the terms load */
  reasons: readonly CancelReason[] | undefined;
  /** the terms could not be read: said instead of the form */
  loadError?: string | undefined;
  /** what cancelling costs, above the reasons */
  notice?: { text: ReactNode; tone: 'plain' | 'warning' | 'success' | 'error'; urgent?: boolean } | undefined;
  /** false when it can no longer be cancelled here: only the notice and the keep button show */
  allowed?: boolean;
  /** controls between the notice and the reasons (staff waive a fee) */
  extra?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** the server's refusal, in words */
  problem?: string | undefined;
  onConfirm: (choice: { reasonId: string; note?: string }) => void;
  /** told each time a reason is picked, when the terms depend on it */
  onReason?: (reasonId: string) => void;
  onClose: () => void;
}

export function CancelReasonsDialog({
  copy,
  subject,
  reasons,
  loadError,
  notice,
  allowed = true,
  extra,
  confirmLabel,
  pending,
  problem,
  onConfirm,
  onReason,
  onClose,
}: CancelReasonsDialogProps) {
  const id = useId();
  const [reasonId, setReasonId] = useState<string>();
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const shown = missingReason ? copy.reasonRequired : problem;
  const ready = reasons !== undefined;

  function confirm() {
    if (!reasonId) {
      setMissingReason(true);
      return;
    }
    setMissingReason(false);
    onConfirm({ reasonId, ...(note.trim() ? { note: note.trim() } : {}) });
  }

  return (
    <Dialog
      open
      title={copy.title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {copy.keep}
          </Button>
          {ready && allowed ? (
            <Button variant="primary" className="btn--danger" onClick={confirm} disabled={pending} aria-busy={pending || undefined}>
              {confirmLabel}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="stack">
        {subject ? <p className="item__title">{subject}</p> : null}
        {!ready ? (
          loadError ? (
            <p className="notice notice--error" role="alert">
              {loadError}
            </p>
          ) : (
            <div className="stack-sm" role="status" aria-busy="true">
              <span className="visually-hidden">{copy.loading}</span>
              <Skeleton height="2.75rem" />
              <Skeleton height="2.75rem" />
              <Skeleton height="2.75rem" />
            </div>
          )
        ) : (
          <>
            {notice ? (
              <p
                className={`notice${notice.tone === 'plain' ? '' : ` notice--${notice.tone}`}`}
                role={notice.urgent || notice.tone === 'error' ? 'alert' : 'status'}
              >
                {notice.text}
              </p>
            ) : null}
            {allowed ? (
              <>
                {extra}
                <fieldset className="choices" aria-describedby={shown ? `${id}-problem` : undefined}>
                  <legend>{copy.reasonLegend}</legend>
                  {reasons.map((r) => (
                    <label key={r.id} className="choice">
                      <input
                        type="radio"
                        name={`${id}-reason`}
                        value={r.id}
                        checked={reasonId === r.id}
                        onChange={() => {
                          setReasonId(r.id);
                          setMissingReason(false);
                          onReason?.(r.id);
                        }}
                      />
                      <span>{r.label}</span>
                    </label>
                  ))}
                </fieldset>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-note`}>
                    {copy.note}
                  </label>
                  <textarea id={`${id}-note`} className="input textarea" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
                </div>
              </>
            ) : null}
          </>
        )}
        <div aria-live="assertive">
          {shown ? (
            <p id={`${id}-problem`} className="field__error" role="alert">
              {shown}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
