/**
 * Closing a support task with a note saying what support found or did (a red alert resolved, a reported record access
 * closed): the note is required, the server's refusal shows under it, and the button is busy while the request runs.
 */
import { useState } from 'react';
import * as tasksConstants from '@/generated/constants/tasks';
import { Button, type ButtonVariant } from '@/client/ui/Button';

export function CloseWithNote({
  id,
  noteLabel,
  noteRequired,
  submitLabel,
  variant,
  problem,
  disabled,
  pending,
  onClose,
}: {
  /** The id of the task's heading: the form is labelled by it. */
  id: string;
  noteLabel: string;
  /** What the person reads when they close without a note. */
  noteRequired: string;
  submitLabel: string;
  variant: ButtonVariant;
  /** The server's answer to the last try, if it refused. */
  problem?: string;
  disabled: boolean;
  pending: boolean;
  onClose: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? noteRequired : problem;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!note.trim()) return setMissing(true);
    setMissing(false);
    onClose(note.trim());
  }

  return (
    <form className="stack-sm" aria-labelledby={id} onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          {noteLabel}
        </label>
        <textarea id={`${id}-note`} className="input textarea" maxLength={tasksConstants.taskNoteMax} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div aria-live="assertive">
        {shown ? (
          <p className="field__error" role="alert">
            {shown}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant={variant} disabled={disabled} aria-busy={pending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
