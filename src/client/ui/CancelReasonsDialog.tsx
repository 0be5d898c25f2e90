/**
 * The one dialog that cancels a session, for a patient in the portal and for staff on a caller's
 * behalf: what it will cost (a notice the caller words), then the caller's spec form (a required
 * reason among those the server gives, an optional note, and for staff the fee's waiver: specs/forms/
 * cancel-session.yaml and support-cancel-session.yaml), and the confirm button in the footer, which
 * submits the form. The form says a missing reason on its field in the spec's words; the caller sends
 * the choice, so it decides the terms and the request. A server refusal is said below the form.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { FormDefinition } from '@/generated/types';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Skeleton } from './Skeleton';

export interface CancelReason {
  id: string;
  label: string;
}

/** What the form holds and the confirm sends (the waiver only in staff's form). */
export interface CancelChoice {
  reasonId: string;
  note?: string;
  waiveFee?: boolean;
}

export interface CancelReasonsCopy {
  title: string;
  keep: string;
  loading: string;
}

export interface CancelReasonsDialogProps {
  copy: CancelReasonsCopy;
  /** the spec form of the choice, its `reasonId` drawn from the choices named reasons */
  form: FormDefinition;
  /** a line under the title naming the session */
  subject?: string;
  /** undefined while the terms load */
  reasons: readonly CancelReason[] | undefined;
  /** the terms could not be read: said instead of the form */
  loadError?: string | undefined;
  /** what cancelling costs, above the form */
  notice?: { text: ReactNode; tone: 'plain' | 'warning' | 'success' | 'error'; urgent?: boolean } | undefined;
  /** false when it can no longer be cancelled here: only the notice and the keep button show */
  allowed?: boolean;
  confirmLabel: string;
  pending: boolean;
  /** the server's refusal, in words */
  problem?: string | undefined;
  /** the choice, its note trimmed (left out when blank) */
  onConfirm: (choice: CancelChoice) => void;
  /** told the form's data on each change, when the terms depend on it (the reason, the waiver) */
  onChange?: (choice: Partial<CancelChoice>) => void;
  onClose: () => void;
}

export function CancelReasonsDialog({
  copy,
  form,
  subject,
  reasons,
  loadError,
  notice,
  allowed = true,
  confirmLabel,
  pending,
  problem,
  onConfirm,
  onChange,
  onClose,
}: CancelReasonsDialogProps) {
  const id = useId();
  const formId = `${id}-form`;
  const ready = reasons !== undefined;

  function confirm({ note, ...choice }: CancelChoice) {
    const trimmed = note?.trim();
    onConfirm({ ...choice, ...(trimmed ? { note: trimmed } : {}) });
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
            <Button type="submit" form={formId} variant="primary" className="btn--danger" disabled={pending} aria-busy={pending || undefined}>
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
              <SpecForm<CancelChoice>
                form={form}
                formId={formId}
                buttons="outside"
                idPrefix="cancel"
                context={{ choices: { reasons: reasons.map((r) => ({ value: r.id, label: r.label })) } }}
                onChange={onChange}
                onSubmit={confirm}
              />
            ) : null}
          </>
        )}
        <div aria-live="assertive">
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
