/**
 * "Taking new clients" on the clinician's calendar page: saved the moment it changes.
 * While it is off search does not list them, so no one new is shown a time they cannot book.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSaveCareNewClientsMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { ErrorNotice } from '@/client/ui/ErrorNotice';

export function NewClientsSwitch({ accepting }: { accepting: boolean }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(accepting);
  const save = useSaveCareNewClientsMutation({
    onSuccess: (saved) => {
      setChecked(saved.acceptingNewPatients);
      void queryClient.invalidateQueries({ queryKey: queryKeys.getCareAvailability() });
    },
  });
  return (
    <section className="card stack-sm" aria-labelledby="new-clients-label">
      <label className="choice" id="new-clients-label">
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          aria-describedby="new-clients-help"
          onChange={(e) => {
            setChecked(e.target.checked);
            save.mutate({ body: { acceptingNewPatients: e.target.checked } });
          }}
        />{' '}
        {message('ui.care.newClients.label')}
      </label>
      <p id="new-clients-help" className="muted small">
        {message('ui.care.newClients.help')}
      </p>
      <div role="status">{save.isSuccess ? <p className="notice notice--success">{message('ui.care.newClients.saved')}</p> : null}</div>
      <ErrorNotice text={save.error ? errorTextFor(save.error, 'patient_web') : undefined} />
    </section>
  );
}
