/**
 * The practice agenda on the front-desk device (/agenda?practiceId=&date=): a practice's day, its
 * video and in-person sessions in order, each person's check-in and open tasks (consent not signed,
 * insurance card photo missing, balance due). The front desk checks people in, and hands the device
 * to a patient who has not signed the consent: POST /front-desk/hand-over scopes the staff session to
 * that patient's task and the device opens their screen (/agenda/hand-over, FrontDeskHandOverPage);
 * it comes back here, the task closed, once the staff member signs in again.
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, queryRoot, useCheckInPatientMutation, useGetFrontDeskAgendaQuery, useStartFrontDeskHandOverMutation } from '@/generated/client/hooks';
import * as rulesConstants from '@/generated/constants/rules';
import type { EndpointTypes } from '@/generated/entities';
import { todayIso } from '@/domain/dates';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName, stateChoices } from '@/client/ui/format';
import { Loaded } from './Loaded';
import { Pick } from './Pick';
import { SupportShell } from './SupportShell';
import { usePractices } from './data';
import { formatTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { messageNaming } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';
import * as patientsEnums from '@/generated/enums/patients';

type Agenda = EndpointTypes['getFrontDeskAgenda']['response'];
type AgendaSession = Agenda['sessions'][number];
type AgendaPatient = AgendaSession['patients'][number];

function PatientRow({ session, patient, zone, onHandOver }: { session: AgendaSession; patient: AgendaPatient; zone: string; onHandOver: () => void }) {
  const queryClient = useQueryClient();
  const name = fullName(patient);
  const checkIn = useCheckInPatientMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoot('getFrontDeskAgenda') }),
  });
  return (
    <li className="stack-sm" aria-label={name}>
      <p className="support__title">{name}</p>
      <p className="support__meta">
        {patient.checkedInAt
          ? message('ui.support.agenda.checkedIn', { time: formatTime(patient.checkedInAt, zone) })
          : message('ui.support.agenda.notCheckedIn')}
      </p>
      <ul className="support__plain">
        {patient.tasks.length ? (
          patient.tasks.map((t) => (
            <li key={t.kind}>
              <span className="badge badge--todo">
                {t.kind === 'balanceDue'
                  ? message('ui.support.agenda.balance', { amount: formatCents(t.amountCents ?? 0) })
                  : enumLabelOf(patientsEnums.frontDeskTask, t.kind)}
              </span>
            </li>
          ))
        ) : (
          <li>
            <span className="badge badge--ok">{message('ui.support.agenda.noTasks')}</span>
          </li>
        )}
      </ul>
      <div className="cluster">
        {patient.checkedInAt ? null : (
          <Button
            variant="secondary"
            onClick={() => checkIn.mutate({ params: { id: session.id }, body: { patientId: patient.id } })}
            disabled={checkIn.isPending}
            aria-busy={checkIn.isPending || undefined}
          >
            {message('ui.support.agenda.checkIn', { name })}
          </Button>
        )}
        {patient.tasks.some((t) => t.kind === 'consentUnsigned') ? (
          <Button onClick={onHandOver}>{message('ui.support.agenda.handOver', { name })}</Button>
        ) : null}
      </div>
      <ErrorNotice text={checkIn.error ? errorTextFor(checkIn.error, 'support_web') : undefined} />
    </li>
  );
}

type HandOverTo = { session: AgendaSession; patient: AgendaPatient };

function Day({ practiceId, date, onHandOver }: { practiceId: string; date: string; onHandOver: (to: HandOverTo) => void }) {
  const agenda = useGetFrontDeskAgendaQuery({ query: { practiceId, date } }, { staleTime: 0, retry: false });
  // The device is still in a patient's hands (the server refuses the day to it): back to their screen.
  if (isApiError(agenda.error) && agenda.error.errorCode === 'HAND_OVER_ACTIVE') return <Navigate to={routeById.agendaHandOver.path} replace />;
  return (
    <Loaded query={agenda} rows={3}>
      {(a) => (
        <section className="stack" aria-labelledby="agenda-sessions">
          <h2 id="agenda-sessions">{messageNaming('ui.support.agenda.sessions', { practice: a.practice.name }, ['practice'])}</h2>
          <p className="support__meta">
            {a.practice.addressLine1}, {a.practice.city}, {a.practice.state}
          </p>
          {/* The practice's day, in the practice's zone, named: never the device's. */}
          <p className="support__meta">{message('ui.timeZone.timesIn', { zone: zoneLabel(a.practice.timeZone, new Date(`${date}T12:00:00Z`)) })}</p>
          {a.sessions.length ? (
            <ol className="support__list">
              {a.sessions.map((s) => (
                <li key={s.id} className="card stack-sm">
                  <p className="support__title">
                    {formatTime(s.start, a.practice.timeZone)}–{formatTime(s.end, a.practice.timeZone)} ·{' '}
                    {enumLabelOf(careEnums.appointmentMode, s.appointmentMode)}
                  </p>
                  <p className="support__meta">
                    {[fullName(s.provider), s.provider.title].filter(Boolean).join(', ')} · {enumLabelOf(careEnums.counselingType, s.counselingType)}
                  </p>
                  <ul className="support__plain">
                    {s.patients.map((p) => (
                      <PatientRow key={p.id} session={s} patient={p} zone={a.practice.timeZone} onHandOver={() => onHandOver({ session: s, patient: p })} />
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          ) : (
            <p className="notice">{message('ui.support.agenda.empty')}</p>
          )}
        </section>
      )}
    </Loaded>
  );
}

export default function AgendaPage() {
  const [search, setSearch] = useSearchParams();
  const practiceId = search.get('practiceId') ?? '';
  const date = search.get('date') ?? '';
  const [stateCode, setStateCode] = useState('');
  const [pickedPractice, setPickedPractice] = useState(practiceId);
  const [pickedDate, setPickedDate] = useState(date || todayIso(new Date(), rulesConstants.calendarTimeZone));
  const practices = usePractices(stateCode);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Handed over, the device shows the patient's own screen alone, on a screen of its own; the server holds the
  // staff session to that patient's task until the staff member signs in again (FrontDeskHandOverPage).
  const handOver = useStartFrontDeskHandOverMutation({
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.getFrontDeskHandOver(), answer);
      queryClient.removeQueries({ queryKey: queryRoot('getFrontDeskAgenda') });
      void navigate(routeById.agendaHandOver.path);
    },
  });
  const startHandOver = ({ session, patient }: HandOverTo) => handOver.mutate({ body: { appointmentId: session.id, patientId: patient.id } });
  return (
    <SupportShell route="agenda">
      <p className="lead">{message('ui.support.agenda.intro')}</p>
      <p>
        <Link to={routeById.agendaDashboard.path}>{message('ui.support.agendaTasks.link')}</Link>
      </p>
      <form
        className="card stack"
        aria-label={message('ui.support.agenda.show')}
        onSubmit={(e) => {
          e.preventDefault();
          if (pickedPractice && pickedDate) setSearch({ practiceId: pickedPractice, date: pickedDate });
        }}
      >
        <Pick
          id="agenda-state"
          label={message('ui.support.check.state')}
          value={stateCode}
          onChange={(v) => {
            setStateCode(v);
            setPickedPractice('');
          }}
          options={stateChoices()}
        />
        <Pick
          id="agenda-practice"
          label={message('ui.support.check.practice')}
          value={pickedPractice}
          onChange={setPickedPractice}
          options={(practices.data ?? []).map((p) => ({ value: p.id, label: `${p.name}, ${p.city}` }))}
          disabled={!practices.data}
        />
        <div className="field">
          <label className="field__label" htmlFor="agenda-day">
            {message('ui.support.agenda.day')}
          </label>
          <input id="agenda-day" className="input" type="date" value={pickedDate} onChange={(e) => setPickedDate(e.target.value)} />
        </div>
        <div>
          <Button type="submit" disabled={!pickedPractice || !pickedDate}>
            {message('ui.support.agenda.show')}
          </Button>
        </div>
      </form>
      {practiceId && date ? (
        <>
          <ErrorNotice text={handOver.error ? errorTextFor(handOver.error, 'support_web') : undefined} />
          <Day key={`${practiceId}|${date}`} practiceId={practiceId} date={date} onHandOver={startHandOver} />
        </>
      ) : (
        <p className="muted">{message('ui.support.agenda.pick')}</p>
      )}
    </SupportShell>
  );
}
