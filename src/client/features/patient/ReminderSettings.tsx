/**
 * Session reminders in account settings: e-mail and text message, each on or off.
 * A reminder mail's stop link lands here (?reminder=token): the link is spent once, e-mail reminders
 * stop, and the section says so, with the switch to turn them on again.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { message } from '@/domain/messages';
import { queryKeys, useGetReminderPreferencesQuery, useUpdateReminderPreferencesMutation, useUseReminderLinkMutation } from '@/generated/client/hooks';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { ListSkeleton, Loaded } from './states';

interface Choices {
  email: boolean;
  sms: boolean;
}

interface ReminderFormProps {
  userId: string;
  initial: Choices;
  smsPhone: string | null;
  /** the app sends text messages at all (SMS_ENABLED): when not, the text choice is not offered */
  smsAvailable: boolean;
  notice?: string;
}

function ReminderForm({ userId, initial, smsPhone, smsAvailable, notice }: ReminderFormProps) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Choices>(initial);
  const [saved, setSaved] = useState<string | undefined>(notice);
  const save = useUpdateReminderPreferencesMutation({
    onMutate: () => setSaved(undefined),
    onSuccess: (now) => {
      queryClient.setQueryData(queryKeys.getReminderPreferences({ params: { id: userId } }), now);
      setSaved(message('ui.patient.reminders.saved'));
    },
  });
  return (
    <form
      className="stack-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ params: { id: userId }, body: { email: choices.email, sms: smsAvailable && choices.sms } });
      }}
    >
      <div aria-live="polite" role="status">
        {saved ? <p className="notice notice--success">{saved}</p> : null}
      </div>
      <label className="choice-row">
        <input type="checkbox" checked={choices.email} onChange={(e) => setChoices((c) => ({ ...c, email: e.target.checked }))} />
        <span>{message('ui.patient.reminders.email')}</span>
      </label>
      {smsAvailable ? (
        <label className="choice-row">
          <input
            type="checkbox"
            checked={choices.sms && Boolean(smsPhone)}
            disabled={!smsPhone}
            onChange={(e) => setChoices((c) => ({ ...c, sms: e.target.checked }))}
          />
          <span>{smsPhone ? message('ui.patient.reminders.sms', { phone: smsPhone }) : message('ui.patient.reminders.smsNoPhone')}</span>
        </label>
      ) : null}
      <ErrorNotice text={save.isError ? errorTextFor(save.error, 'patient_web') : undefined} />
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {message('ui.patient.reminders.save')}
        </Button>
      </div>
    </form>
  );
}

export function ReminderSettings({ userId }: { userId: string }) {
  const [search] = useSearchParams();
  const token = search.get('reminder');
  const queryClient = useQueryClient();
  const spend = useUseReminderLinkMutation();
  const spent = useRef(false);
  const [notice, setNotice] = useState<string>();
  const [ready, setReady] = useState(!token);

  useEffect(() => {
    if (!token || spent.current) return;
    spent.current = true;
    spend.mutate(
      { body: { token } },
      {
        onSuccess: async (r) => {
          setNotice(message(r.valid && r.purpose === 'unsubscribe' ? 'ui.patient.reminders.stopped' : 'ui.patient.reminders.linkUsed'));
          await queryClient.invalidateQueries({ queryKey: queryKeys.getReminderPreferences({ params: { id: userId } }) });
          setReady(true);
        },
        onError: () => {
          setNotice(message('ui.patient.reminders.linkUsed'));
          setReady(true);
        },
      },
    );
  }, [token, spend, queryClient, userId]);

  const preferences = useGetReminderPreferencesQuery({ params: { id: userId } }, { enabled: ready });
  return (
    <section className="form-card stack-sm" aria-labelledby="reminder-settings">
      <h2 id="reminder-settings">{message('ui.patient.reminders.heading')}</h2>
      {ready ? (
        <Loaded query={preferences} skeleton={<ListSkeleton rows={2} height="2.5rem" />}>
          {(p) => (
            <>
              <p>{message(p.smsAvailable ? 'ui.patient.reminders.intro' : 'ui.patient.reminders.introEmailOnly')}</p>
              <ReminderForm
                key={userId}
                userId={userId}
                initial={{ email: p.email, sms: p.sms }}
                smsPhone={p.smsPhone}
                smsAvailable={p.smsAvailable}
                notice={notice}
              />
            </>
          )}
        </Loaded>
      ) : (
        <ListSkeleton rows={2} height="2.5rem" />
      )}
    </section>
  );
}
