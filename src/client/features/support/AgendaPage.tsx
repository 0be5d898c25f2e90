/**
 * The practice agenda on the front-desk device (/agenda?practiceId=&date=): a practice's day, its
 * video and in-person sessions in order, each person's check-in and open tasks (consent not signed,
 * insurance card photo missing, balance due). The front desk checks people in, and hands the device
 * to a patient who has not signed the consent: the patient confirms their date of birth (a patient
 * token, product-spec §3 patient auth), reads and signs the consent (/patient-tasks/consent/{id}/verify
 * and /sign), and the device returns to the agenda with the task closed.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  queryRoot,
  useCheckInPatientMutation,
  useFrontDeskPatientAuthMutation,
  useGetFrontDeskAgendaQuery,
  useSignFrontDeskConsentMutation,
} from '@/generated/client/hooks';
import { constants } from '@/generated/constants';
import type { EndpointTypes } from '@/generated/entities';
import { todayIso } from '@/domain/dates';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { useApi } from '@/client/api/api-context';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName, stateName } from '@/client/ui/format';
import { Loaded } from './Loaded';
import { Pick } from './Pick';
import { SupportShell } from './SupportShell';
import { usePractices } from './data';
import { formatTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';

type Agenda = EndpointTypes['getFrontDeskAgenda']['response'];
type AgendaSession = Agenda['sessions'][number];
type AgendaPatient = AgendaSession['patients'][number];

/**
 * The hand-over: date of birth, then the consent to read and sign; then back to the front desk. It
 * takes the whole screen in place of the agenda (not a dialog over it): the device in the patient's
 * hands holds only their own screen, and nothing of the day's other patients is on the page.
 */
function HandOver({ session, patient, onClose }: { session: AgendaSession; patient: AgendaPatient; onClose: () => void }) {
  const api = useApi();
  const [dob, setDob] = useState('');
  const [token, setToken] = useState<string>();
  const [signerName, setSignerName] = useState('');
  const [agree, setAgree] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [signed, setSigned] = useState(false);
  const task = patient.tasks.find((t) => t.kind === 'consentUnsigned');
  const name = fullName(patient);

  const auth = useFrontDeskPatientAuthMutation({
    onSuccess: (answer) => {
      setProblem(undefined);
      setToken(answer.patientToken);
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  // The consent to sign: the one asked for already, or a new one for this session; read through verify.
  // Two calls (create, then verify) kept as one entry, so its key is not one endpoint's.
  const consent = useQuery({
    // eslint-disable-next-line no-restricted-syntax
    queryKey: ['frontDeskHandoverConsent', patient.id, task?.consentId ?? session.id],
    queryFn: async () => {
      const id =
        task?.consentId ??
        (await api.createPatientConsent({ params: { id: patient.id }, body: { consentType: 'bookAppointmentConsent', appointmentId: session.id } })).id;
      return (await api.verifyFrontDeskConsent({ params: { id } })).consent;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
  });
  const sign = useSignFrontDeskConsentMutation({
    onSuccess: () => setSigned(true),
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  return (
    <section className="container stack-lg support" aria-labelledby="handover-heading">
      <h1 id="handover-heading">{message('ui.support.handover.heading', { name })}</h1>
      <div className="card stack">
        {signed ? (
          <>
            <p className="notice notice--success" role="status">
              {message('ui.support.handover.done')}
            </p>
            <div>
              <Button onClick={onClose}>{message('ui.support.handover.back')}</Button>
            </div>
          </>
        ) : !token ? (
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              if (dob) auth.mutate({ body: { patientId: patient.id, dateOfBirth: dob } });
            }}
          >
            <p>{message('ui.support.handover.dobIntro')}</p>
            <div className="field">
              <label className="field__label" htmlFor="handover-dob">
                {message('ui.support.handover.dob')}
              </label>
              <input id="handover-dob" className="input" type="date" value={dob} onChange={(e) => setDob(e.target.value)} autoComplete="bday" />
            </div>
            <div className="cluster">
              <Button type="submit" disabled={!dob || auth.isPending} aria-busy={auth.isPending || undefined}>
                {message('ui.support.handover.confirm')}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                {message('ui.support.handover.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Loaded query={consent} rows={3}>
            {(c) => (
              <form
                className="stack"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!agree || !signerName.trim()) return setProblem(message('ui.support.handover.agreeRequired'));
                  setProblem(undefined);
                  sign.mutate({ params: { id: c.id }, body: { agree: true, signerName: signerName.trim(), patientToken: token! } });
                }}
              >
                <p>{message('ui.support.handover.consentIntro')}</p>
                <div className="card support__consent" tabIndex={0} aria-label={enumLabelOf('consentType', c.consentType)}>
                  {c.text.split('\n').map((line, i) => (
                    <p key={i}>{line}</p>
                  ))}
                </div>
                <label className="choice">
                  <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
                  <span>{message('ui.support.handover.agree')}</span>
                </label>
                <div className="field">
                  <label className="field__label" htmlFor="handover-name">
                    {message('ui.support.handover.signerName')}
                  </label>
                  <input
                    id="handover-name"
                    className="input"
                    value={signerName}
                    maxLength={120}
                    autoComplete="name"
                    onChange={(e) => setSignerName(e.target.value)}
                  />
                </div>
                <div className="cluster">
                  <Button type="submit" disabled={sign.isPending} aria-busy={sign.isPending || undefined}>
                    {message('ui.support.handover.sign')}
                  </Button>
                  <Button variant="ghost" onClick={onClose}>
                    {message('ui.support.handover.cancel')}
                  </Button>
                </div>
              </form>
            )}
          </Loaded>
        )}
        <ErrorNotice text={problem} inline />
      </div>
    </section>
  );
}

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
                  : enumLabelOf('frontDeskTask', t.kind)}
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
  const agenda = useGetFrontDeskAgendaQuery({ query: { practiceId, date } }, { staleTime: 0 });
  return (
    <Loaded query={agenda} rows={3}>
      {(a) => (
        <section className="stack" aria-labelledby="agenda-sessions">
          <h2 id="agenda-sessions">{message('ui.support.agenda.sessions', { practice: a.practice.name })}</h2>
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
                    {formatTime(s.start, a.practice.timeZone)}–{formatTime(s.end, a.practice.timeZone)} · {enumLabelOf('appointmentMode', s.appointmentMode)}
                  </p>
                  <p className="support__meta">
                    {[fullName(s.provider), s.provider.title].filter(Boolean).join(', ')} · {enumLabelOf('counselingType', s.counselingType)}
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
  const [pickedDate, setPickedDate] = useState(date || todayIso(new Date(), constants.calendarTimeZone));
  const practices = usePractices(stateCode);
  const queryClient = useQueryClient();
  const [handOver, setHandOver] = useState<HandOverTo>();
  // Handed over, the device shows the patient's own screen alone: the agenda is not rendered behind it.
  if (handOver)
    return (
      <HandOver
        session={handOver.session}
        patient={handOver.patient}
        onClose={() => {
          setHandOver(undefined);
          void queryClient.invalidateQueries({ queryKey: queryKeys.getFrontDeskAgenda({ query: { practiceId, date } }) });
        }}
      />
    );
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
          options={constants.usStates.map((s) => ({ value: s.code, label: stateName(s.code) }))}
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
        <Day key={`${practiceId}|${date}`} practiceId={practiceId} date={date} onHandOver={setHandOver} />
      ) : (
        <p className="muted">{message('ui.support.agenda.pick')}</p>
      )}
    </SupportShell>
  );
}
