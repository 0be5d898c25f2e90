/**
 * Closing a support task with a note saying what support found or did (a red alert resolved, a reported record access
 * closed): each caller's form (specs/forms/support-resolve-red-alert.yaml, support-close-access-report.yaml) holds its
 * words and requires the note; the server's refusal shows below it, and the button is busy while the request runs.
 */
import type { FormDefinition } from '@/generated/types';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import type { ButtonVariant } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';

export function CloseWithNote({
  id,
  form,
  variant,
  problem,
  pending,
  onClose,
}: {
  /** The id of the task's heading: the form is labelled by it, and its fields' ids start with it. */
  id: string;
  /** The caller's form: a required note, its label, its message when missing and the button's words. */
  form: FormDefinition;
  /** The button's weight beside the task's other actions. */
  variant: ButtonVariant;
  /** The server's answer to the last try, if it refused. */
  problem?: string;
  /** A request about the task is under way: the button is busy. */
  pending: boolean;
  onClose: (note: string) => void;
}) {
  return (
    <section className="stack-sm" aria-labelledby={id}>
      <SpecForm<{ note: string }>
        idPrefix={`${id}-close`}
        form={form}
        submitting={pending}
        submitVariant={variant}
        onSubmit={({ note }) => onClose(note.trim())}
      />
      <ErrorNotice text={problem} inline />
    </section>
  );
}
