/**
 * The account's time zone in settings: every time the person reads (screens, mail, reminders,
 * receipts, calendar files) is in it. When the account has none yet, the section asks once, suggesting the
 * device's zone; afterwards it shows the zone kept and lets the person change it. Where the account's address lies
 * in a zone that keeps another clock (the API's addressTimeZone), it suggests that zone too, as soon as the address
 * is saved.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { message } from '@/domain/messages';
import { addressZoneToSuggest } from '@/domain/address-zone';
import { viewerTimeZone, zoneChoices, zoneGeneralName, zoneLabel } from '@/domain/date-format';
import { queryKeys, useUpdateUserMutation } from '@/generated/client/hooks';
import type { AccountDetails } from './data';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';

export function TimeZoneSettings({
  userId,
  timeZone,
  addressTimeZone,
  onSaved,
}: {
  userId: string;
  timeZone: string | undefined;
  /** the zone the account's address lies in, if known */
  addressTimeZone?: string | undefined;
  /** the account as the API now has it, for the page that shows it */
  onSaved: (account: AccountDetails) => void;
}) {
  const queryClient = useQueryClient();
  const device = viewerTimeZone();
  const [chosen, setChosen] = useState<string>(timeZone ?? device);
  const [saved, setSaved] = useState<string>();
  const save = useUpdateUserMutation({
    onMutate: () => setSaved(undefined),
    onSuccess: (account) => {
      // Every screen that reads the account (booking, sessions) shows times in the new zone.
      queryClient.setQueryData(queryKeys.getUserDetails({ params: { id: userId } }), account);
      onSaved(account);
      if (account.timeZone) setChosen(account.timeZone);
      setSaved(message('ui.timeZone.saved', { zone: zoneLabel(account.timeZone ?? chosen) }));
    },
  });
  const choices = zoneChoices([timeZone, device, addressTimeZone]);
  const fromAddress = addressZoneToSuggest(addressTimeZone, timeZone ?? device, new Date());
  const send = (zone: string) => save.mutate({ params: { id: userId }, body: { timeZone: zone } });
  return (
    <section className="form-card stack-sm" aria-labelledby="time-zone-settings">
      <h2 id="time-zone-settings">{message('ui.timeZone.heading')}</h2>
      <p>{message('ui.timeZone.intro')}</p>
      {timeZone ? null : (
        <div className="stack-sm">
          <p>{message('ui.timeZone.ask', { zone: zoneLabel(device) })}</p>
          <div>
            <Button type="button" onClick={() => send(device)} disabled={save.isPending}>
              {message('ui.timeZone.useSuggested', { zone: zoneLabel(device) })}
            </Button>
          </div>
        </div>
      )}
      <div aria-live="polite" role="status">
        {fromAddress ? (
          <div className="stack-sm">
            <p>{message('ui.timeZone.addressSuggest', { zone: zoneGeneralName(fromAddress) })}</p>
            <div>
              <Button type="button" variant="secondary" onClick={() => send(fromAddress)} disabled={save.isPending}>
                {message('ui.timeZone.useSuggested', { zone: zoneGeneralName(fromAddress) })}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <form
        className="stack-sm"
        onSubmit={(e) => {
          e.preventDefault();
          send(chosen);
        }}
      >
        <label htmlFor="time-zone-choice">{message('ui.timeZone.label')}</label>
        <select id="time-zone-choice" className="select" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {choices.map((c) => (
            <option key={c.zone} value={c.zone}>
              {c.label}
            </option>
          ))}
        </select>
        <div aria-live="polite" role="status">
          {saved ? <p className="notice notice--success">{saved}</p> : null}
        </div>
        <ErrorNotice text={save.isError ? errorTextFor(save.error, 'patient_web') : undefined} />
        <div>
          <Button type="submit" variant="secondary" disabled={save.isPending || chosen === timeZone} aria-busy={save.isPending || undefined}>
            {message('ui.timeZone.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
