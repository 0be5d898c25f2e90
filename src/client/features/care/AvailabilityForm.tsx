/**
 * The weekly availability that makes a clinician's slots (on /care/v1/calendar, below the calendar): hours per
 * weekday and session type, time off and extra hours, session length, break and minimum notice. Saving
 * regenerates the open slots on the server (PUT /care/availability), so search shows the new times at once.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, queryRoot, useSaveCareAvailabilityMutation } from '@/generated/client/hooks';
import type { EndpointTypes, ProviderAvailability } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import * as placesConstants from '@/generated/constants/places';
import { errorCatalogue } from '@/generated/errors';
import type { AppointmentMode } from '@/generated/enums';
import { message, messageTemplate } from '@/domain/messages';
import { isoDateIn } from '@/domain/dates';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { weekdayName } from '@/domain/date-format';
import { enumOptionsOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

type AvailabilityAnswer = EndpointTypes['getCareAvailability']['response'];
type Window = ProviderAvailability['windows'][number];
type Exception = ProviderAvailability['exceptions'][number];

/** How many open times the practice set up a first save would remove, when the server asks to confirm it first. */
function practiceTimesToRemove(error: unknown): number | undefined {
  if (!isApiError(error) || error.errorCode !== errorCatalogue.AVAILABILITY_REMOVES_PRACTICE_TIMES.code) return undefined;
  return error.body.removedOpenTimes;
}

/** Field errors of a refused save, by field ("windows.3", "exceptions.0", "slotMinutes"). */
function fieldErrorsOf(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (isApiError(error)) for (const e of error.fieldErrors) if (!out.has(e.field)) out.set(e.field, e.message);
  return out;
}

/** A labelled control of the form, with the server's error for its field below it. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

/** A row's start and end, in five-minute steps. */
function TimeRange(props: {
  id: string;
  start: string | null | undefined;
  end: string | null | undefined;
  required?: boolean;
  invalid?: boolean;
  onChange: (change: { start?: string; end?: string }) => void;
}) {
  return (['start', 'end'] as const).map((edge) => (
    <Field key={edge} id={`${props.id}-${edge}`} label={message(`ui.care.availability.${edge}`)}>
      <input
        id={`${props.id}-${edge}`}
        className="input"
        type="time"
        step={300}
        required={props.required}
        value={props[edge] ?? ''}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => props.onChange({ [edge]: e.target.value })}
      />
    </Field>
  ));
}

/** Rows the clinician edits (weekly hours, time off): each row its fields, a Remove button and its error; Add after the list. */
function EditableRows<T>(props: {
  rows: T[];
  onChange: (rows: T[]) => void;
  /** the fields of a row, and a change to it */
  fields: (row: T, i: number, change: (change: Partial<T>) => void) => ReactNode;
  rowLabel?: (row: T) => string;
  errorOf: (i: number) => string | undefined;
  empty: ReactNode;
  addLabel: string;
  added: () => T;
}) {
  const { rows, onChange } = props;
  return (
    <>
      {rows.length ? (
        <ul className="care__list">
          {rows.map((row, i) => {
            const error = props.errorOf(i);
            const change = (c: Partial<T>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...c } : r)));
            return (
              <li key={i} className="card care-availability__row" aria-label={props.rowLabel?.(row)}>
                {props.fields(row, i, change)}
                <Button variant="ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  {message('ui.care.availability.remove')}
                </Button>
                {error ? <p className="field__error care-availability__error">{error}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        props.empty
      )}
      <div>
        <Button variant="secondary" onClick={() => onChange([...rows, props.added()])}>
          {props.addLabel}
        </Button>
      </div>
    </>
  );
}

export function AvailabilityForm({ answer }: { answer: AvailabilityAnswer }) {
  const queryClient = useQueryClient();
  const { provider } = answer;
  const [plan, setPlan] = useState<ProviderAvailability>(answer.availability);
  const [done, setDone] = useState<string>();
  const save = useSaveCareAvailabilityMutation({
    onSuccess: (saved) => {
      setPlan(saved.availability);
      setDone(message('ui.care.availability.saved', { created: String(saved.regenerated?.created ?? 0), removed: String(saved.regenerated?.removed ?? 0) }));
      queryClient.setQueryData(queryKeys.getCareAvailability(), saved);
      void queryClient.invalidateQueries({ queryKey: queryRoot('getCareCalendar') });
    },
    onMutate: () => setDone(undefined),
  });
  const errors = fieldErrorsOf(save.error);
  const removing = practiceTimesToRemove(save.error);
  const zones = placesConstants.timeZones.some((z) => z.zone === plan.timeZone)
    ? placesConstants.timeZones
    : [{ zone: plan.timeZone, standard: plan.timeZone }, ...placesConstants.timeZones];
  const numberField = (key: 'bufferMinutes' | 'minNoticeHours', max: number) => (
    <Field id={`availability-${key}`} label={messageTemplate(`ui.care.availability.${key}`)} error={errors.get(key)}>
      <input
        id={`availability-${key}`}
        className="input"
        type="number"
        min={0}
        max={max}
        value={plan[key]}
        aria-invalid={errors.has(key) || undefined}
        onChange={(e) => setPlan({ ...plan, [key]: Math.max(0, Math.min(max, Math.trunc(Number(e.target.value) || 0))) })}
      />
    </Field>
  );
  const windowError = (i: number) => errors.get(`windows.${i}`) ?? errors.get(`windows.${i}.practiceId`);
  const windowFields = (w: Window, i: number, change: (c: Partial<Window>) => void) => {
    const id = `window-${i}`;
    return (
      <>
        <Field id={`${id}-weekday`} label={message('ui.care.availability.weekday')}>
          <select id={`${id}-weekday`} className="select" value={w.weekday} onChange={(e) => change({ weekday: Number(e.target.value) })}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <option key={d} value={d}>
                {weekdayName(d)}
              </option>
            ))}
          </select>
        </Field>
        <TimeRange id={id} start={w.start} end={w.end} required invalid={Boolean(windowError(i))} onChange={change} />
        <Field id={`${id}-mode`} label={message('ui.care.availability.mode')}>
          <select id={`${id}-mode`} className="select" value={w.mode} onChange={(e) => change({ mode: e.target.value as AppointmentMode })}>
            {enumOptionsOf(careEnums.appointmentMode).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        {provider.offersMedication ? (
          <label className="choice">
            <input type="checkbox" checked={w.medication ?? false} onChange={(e) => change({ medication: e.target.checked })} />
            <span>{message('ui.care.availability.medication')}</span>
          </label>
        ) : null}
      </>
    );
  };
  const nextWindow = (): Window => {
    const last = plan.windows.at(-1);
    return {
      weekday: last ? (last.weekday % 7) + 1 : 1,
      start: last?.start ?? '09:00',
      end: last?.end ?? '17:00',
      mode: last?.mode ?? 'online',
      practiceId: provider.practice.id,
      medication: false,
    };
  };
  const exceptionFields = (x: Exception, i: number, change: (c: Partial<Exception>) => void) => {
    const id = `exception-${i}`;
    const wholeDay = x.start == null;
    return (
      <>
        <Field id={`${id}-kind`} label={message('ui.care.availability.exceptionKind')}>
          <select
            id={`${id}-kind`}
            className="select"
            value={x.kind}
            onChange={(e) =>
              change(
                e.target.value === 'extra'
                  ? { kind: 'extra', start: x.start ?? '09:00', end: x.end ?? '12:00', mode: x.mode ?? 'online' }
                  : { kind: 'blocked', mode: null },
              )
            }
          >
            <option value="blocked">{message('ui.care.availability.blocked')}</option>
            <option value="extra">{message('ui.care.availability.extra')}</option>
          </select>
        </Field>
        <Field id={`${id}-date`} label={message('ui.care.availability.exceptionDate')}>
          <input id={`${id}-date`} className="input" type="date" required value={x.date} onChange={(e) => change({ date: e.target.value })} />
        </Field>
        {x.kind === 'blocked' ? (
          <label className="choice">
            <input
              type="checkbox"
              checked={wholeDay}
              onChange={(e) => change(e.target.checked ? { start: null, end: null } : { start: '09:00', end: '12:00' })}
            />
            <span>{message('ui.care.availability.wholeDay')}</span>
          </label>
        ) : null}
        {!wholeDay ? <TimeRange id={id} start={x.start} end={x.end} onChange={change} /> : null}
      </>
    );
  };
  return (
    <form
      className="stack"
      aria-labelledby="availability-heading"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ body: plan });
      }}
    >
      <h2 id="availability-heading">{message('ui.care.availability.heading')}</h2>
      <p className="muted">{message('ui.care.availability.help')}</p>
      {!answer.saved ? <p className="notice">{message('ui.care.availability.notSaved')}</p> : null}
      <div className="care-availability__settings">
        <Field id="availability-slotMinutes" label={message('ui.care.availability.slotMinutes')} error={errors.get('slotMinutes')}>
          <select
            id="availability-slotMinutes"
            className="select"
            value={plan.slotMinutes}
            onChange={(e) => setPlan({ ...plan, slotMinutes: Number(e.target.value) })}
          >
            {careConstants.availabilitySlotMinutes.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
        {numberField('bufferMinutes', careConstants.availabilityMaxBufferMinutes)}
        {numberField('minNoticeHours', careConstants.availabilityMaxNoticeHours)}
        <Field id="availability-timeZone" label={message('ui.care.availability.timeZone')} error={errors.get('timeZone')}>
          <select id="availability-timeZone" className="select" value={plan.timeZone} onChange={(e) => setPlan({ ...plan, timeZone: e.target.value })}>
            {zones.map((z) => (
              <option key={z.zone} value={z.zone}>
                {z.standard}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <EditableRows
        rows={plan.windows}
        onChange={(windows) => setPlan({ ...plan, windows })}
        fields={windowFields}
        rowLabel={(w) => `${weekdayName(w.weekday)} ${w.start}–${w.end}`}
        errorOf={windowError}
        empty={<p className="muted">{message('ui.care.availability.empty')}</p>}
        addLabel={message('ui.care.availability.add')}
        added={nextWindow}
      />

      <h3>{message('ui.care.availability.exceptions')}</h3>
      <p className="muted small">{message('ui.care.availability.exceptionsHelp')}</p>
      <EditableRows
        rows={plan.exceptions}
        onChange={(exceptions) => setPlan({ ...plan, exceptions })}
        fields={exceptionFields}
        errorOf={(i) => errors.get(`exceptions.${i}`)}
        empty={<p className="muted small">{message('ui.care.availability.noExceptions')}</p>}
        addLabel={message('ui.care.availability.addException')}
        added={(): Exception => ({ kind: 'blocked', date: isoDateIn(new Date(), plan.timeZone), start: null, end: null, mode: null })}
      />
      {removing !== undefined ? (
        // Nothing was saved: the clinician says whether the practice's open times go (with their number) or stay.
        <div className="notice notice--warning stack-sm" role="alert">
          <p>{errorTextFor(save.error, 'patient_web')}</p>
          <div className="form-actions">
            <Button type="button" disabled={save.isPending} onClick={() => save.mutate({ body: plan, query: { removePracticeTimes: removing } })}>
              {message('ui.care.availability.removeAnyway')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => save.reset()}>
              {message('ui.care.availability.keepPracticeTimes')}
            </Button>
          </div>
        </div>
      ) : null}
      {save.isError && !errors.size && removing === undefined ? <ErrorNotice text={errorTextFor(save.error, 'patient_web')} /> : null}
      {save.isError && errors.size ? <ErrorNotice text={[...errors.values()][0]} /> : null}
      {done ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? message('ui.care.availability.saving') : message('ui.care.availability.save')}
        </Button>
      </div>
    </form>
  );
}
