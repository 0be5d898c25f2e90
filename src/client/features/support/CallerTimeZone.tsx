/**
 * The caller's time zone on support's account view: every time the caller reads (screens, mail,
 * reminders, documents, calendar files) is in it. The agent sees it, or that it is not known yet, and sets
 * it as the caller says (PATCH /users/{id}, which lets staff set a caller's zone as they may their address).
 * No suggestion from the agent's device: the caller's zone is not the agent's.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { message } from '@/domain/messages';
import { zoneChoices, zoneLabel } from '@/domain/date-format';
import { queryKeys, useUpdateUserMutation } from '@/generated/client/hooks';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Pick } from './Pick';
import type { SupportAccount } from './data';

export function CallerTimeZone({ account }: { account: SupportAccount }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(account.timeZone ?? '');
  const [saved, setSaved] = useState<string>();
  const save = useUpdateUserMutation({
    onMutate: () => setSaved(undefined),
    onSuccess: (changed) => {
      const zone = changed.timeZone ?? chosen;
      queryClient.setQueryData(queryKeys.getSupportUser({ params: { id: account.id } }), { ...account, timeZone: zone });
      setSaved(message('ui.timeZone.callerSaved', { name: fullName(account), zone: zoneLabel(zone) }));
    },
  });
  return (
    <section className="card stack-sm" aria-labelledby="caller-time-zone">
      <h2 id="caller-time-zone">{message('ui.timeZone.heading')}</h2>
      <p>{message('ui.timeZone.staffIntro')}</p>
      <p className="support__meta">{account.timeZone ? zoneLabel(account.timeZone) : message('ui.timeZone.callerUnknown')}</p>
      <form
        className="stack-sm"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) save.mutate({ params: { id: account.id }, body: { timeZone: chosen } });
        }}
      >
        <Pick
          id="caller-time-zone-choice"
          label={message('ui.timeZone.callerLabel')}
          value={chosen}
          onChange={setChosen}
          options={zoneChoices([account.timeZone]).map((z) => ({ value: z.zone, label: z.label }))}
        />
        <div aria-live="polite" role="status">
          {saved ? <p className="notice notice--success">{saved}</p> : null}
        </div>
        <ErrorNotice text={save.isError ? errorTextFor(save.error, 'support_web') : undefined} />
        <div>
          <Button type="submit" variant="secondary" disabled={save.isPending || !chosen || chosen === account.timeZone} aria-busy={save.isPending || undefined}>
            {message('ui.timeZone.callerSave')}
          </Button>
        </div>
      </form>
    </section>
  );
}
