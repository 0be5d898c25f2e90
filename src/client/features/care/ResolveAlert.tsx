/**
 * Closes an urgent clinical alert about one of the clinician's clients with a note saying how it was
 * handled (POST /care/alerts/{id}/resolve), where the urgent flag is shown: the
 * client page's open items and the MBC dashboard. The note is required here and on the server
 * (TASK_NOTE_REQUIRED); once resolved the client's data is read again, so the flag clears.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as tasksConstants from '@/generated/constants/tasks';
import { message } from '@/domain/messages';
import { queryRoot, useResolveCareAlertMutation } from '@/generated/client/hooks';
import { errorTextFor } from '@/client/api/errors';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { Button } from '@/client/ui/Button';

export function ResolveAlert({ alert, label }: { alert: { id: string; version: number }; label: string }) {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const id = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const resolve = useResolveCareAlertMutation({
    onSuccess: async () => {
      dispatch(toastShown({ kind: 'success', text: message('ui.care.alert.resolved') }));
      // Where the urgent flag shows: the client page, the MBC dashboard, the clients list and "needs attention".
      await Promise.all(
        (['getCareClient', 'getMbcDashboard', 'listCareClients', 'getCareNena'] as const).map((id) =>
          queryClient.invalidateQueries({ queryKey: queryRoot(id) }),
        ),
      );
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  return (
    <form
      className="stack-sm"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return setProblem(message('ui.care.alert.noteRequired'));
        setProblem(undefined);
        resolve.mutate({ params: { id: alert.id }, body: { version: alert.version, note: note.trim() } });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          {message('ui.care.alert.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className="input textarea"
          maxLength={tasksConstants.taskNoteMax}
          value={note}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <div aria-live="assertive">
        {problem ? (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={resolve.isPending} aria-busy={resolve.isPending || undefined}>
          {message('ui.care.alert.resolve')}
        </Button>
      </div>
    </form>
  );
}
