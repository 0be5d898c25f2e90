/**
 * Closes an urgent clinical alert about one of the clinician's clients with a note saying how it was
 * handled (POST /care/alerts/{id}/resolve), where the urgent flag is shown: the
 * client page's open items and the MBC dashboard. The note is required by its form (specs/forms/care-resolve-alert.yaml)
 * and on the server (TASK_NOTE_REQUIRED); once resolved the client's data is read again, so the flag clears.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointTypes } from '@/generated/entities';
import resolveAlertForm from '@/generated/forms/care-resolve-alert';
import { message } from '@/domain/messages';
import { queryRoot, useResolveCareAlertMutation } from '@/generated/client/hooks';
import { errorTextFor } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { ErrorNotice } from '@/client/ui/ErrorNotice';

/** What the form gives: the body's note (the version is the alert's). */
type ResolveAlertData = Pick<EndpointTypes['resolveCareAlert']['body'], 'note'>;

export function ResolveAlert({ alert, label }: { alert: { id: string; version: number }; label: string }) {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  // A page can list several alerts: each form's field ids are its own.
  const idPrefix = `resolve-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
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
    <section className="stack-sm" aria-label={label}>
      {problem ? <ErrorNotice text={problem} /> : null}
      <SpecForm<ResolveAlertData>
        idPrefix={idPrefix}
        form={resolveAlertForm}
        submitting={resolve.isPending}
        onSubmit={({ note }) => {
          setProblem(undefined);
          resolve.mutate({ params: { id: alert.id }, body: { version: alert.version, note: note.trim() } });
        }}
      />
    </section>
  );
}
