/**
 * Dashboard home: the next session (with the video link for video visits), the people on the
 * account and whether each signed (read from the query cache), what needs doing (unsigned consent,
 * missing insurance card) and how often care usually happens (product-spec §9 care cadence).
 */
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { consentToSign, ownSignatureMissing } from '@/domain/consents';
import { todayIso } from '@/domain/dates';
import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useApiQueries } from '@/client/api/api-queries';
import { useAppSelector } from '@/client/store/hooks';
import { selectUser } from '@/client/store/auth/slice';
import { ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { fullName, usePatients, type AccountPatient } from './data';
import { relationshipLabel } from './labels';
import { ListSkeleton, Loaded } from './states';
import { SessionCard } from './sessions/SessionCard';
import { useSessions } from './sessions/session-data';
import { capturePath, hasCardPhotos, useAccountInsurances } from './insurance-data';
import { CheckInHistory, CheckInTasks, useCheckIns } from './CheckIns';
import { constantIn } from '@/domain/translations';

interface Task {
  key: string;
  text: string;
  action: string;
  to: string;
}

/** Consents to sign, of people asked to sign (Self and minors) who have not signed in their own name. */
export function consentTasks(patients: readonly AccountPatient[], today: string): Task[] {
  return patients
    .filter((p) => consentToSign(p, today))
    .map((p) => ({
      key: `consent-${p.id}`,
      text: message('ui.patient.consentNeeded', { patient: fullName(p) }),
      action: message('ui.patient.home.signConsent'),
      to: `${routeById.verifyUserConsent.path}?${new URLSearchParams({ patientId: p.id ?? '' }).toString()}`,
    }));
}

function PatientsOnAccount({ today }: { today: string }) {
  const all = [...(usePatients().data ?? [])].sort((a, b) => Number(b.relationship === 'Self') - Number(a.relationship === 'Self'));
  return (
    <ul className="item-list">
      {all.map((p) => {
        return (
          <li key={p.id} className="item person">
            <div>
              <p className="item__title">{fullName(p)}</p>
              <p className="item__meta">{p.relationship === 'Self' ? message('ui.patient.home.you') : relationshipLabel(p.relationship ?? '')}</p>
            </div>
            {!ownSignatureMissing(p.consents) ? (
              <span className="badge badge--ok">{message('ui.patient.home.consentSigned')}</span>
            ) : consentToSign(p, today) ? (
              <span className="badge badge--todo">{message('ui.patient.home.consentMissing')}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The intake questionnaire (/app/formsort) for each person on the account who has not completed one. */
function useIntakeTasks(): Task[] {
  const queries = useApiQueries();
  const people = usePatients().data ?? [];
  const intakes = useQueries({ queries: people.map((p) => queries.getPatientIntake({ params: { id: p.id } })) });
  // A person whose intake could not be read is not asked again: no to-do rather than a wrong one.
  return people.flatMap((p, i) =>
    intakes[i]?.data && intakes[i].data.intake === null
      ? [
          {
            key: `intake-${p.id}`,
            text: message('ui.patient.home.intakeNeeded', { patient: fullName(p) }),
            action: message('ui.patient.home.startIntake'),
            to: `${routeById.formsort.path}?patientId=${p.id}`,
          },
        ]
      : [],
  );
}

function Tasks({ today, checkIns }: { today: string; checkIns: ReturnType<typeof useCheckIns> }) {
  const patients = usePatients().data ?? [];
  const intakeTasks = useIntakeTasks();
  const checkInsDue = checkIns.some((c) => c.data?.due.length);
  const insurances = useAccountInsurances();
  const cardTasks: Task[] = (insurances.data ?? []).flatMap(({ patient, insurances: items }) =>
    items
      .filter((i) => !hasCardPhotos(i))
      .map((i) => ({
        key: `card-${i.id}`,
        text: message('ui.patient.home.insuranceCardNeeded', { carrier: i.carrierName, patient: fullName(patient) }),
        action: message('ui.patient.home.addInsuranceCard'),
        to: capturePath(patient.id, i.id),
      })),
  );
  const tasks = [...consentTasks(patients, today), ...cardTasks, ...intakeTasks];
  if (!tasks.length && !checkInsDue) return <p className="notice notice--success">{message('ui.patient.home.noTasks')}</p>;
  return (
    <ul className="item-list">
      <CheckInTasks checkIns={checkIns} />
      {tasks.map((t) => (
        <li key={t.key} className="item task">
          <p>{t.text}</p>
          <ButtonLink to={t.to} variant="secondary">
            {t.action}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

function NextSession() {
  const upcoming = useSessions('upcoming');
  return (
    <Loaded query={upcoming} skeleton={<ListSkeleton rows={1} height="9rem" />}>
      {(items) => {
        const next = items.find((s) => s.status === 'booked');
        if (!next) {
          return (
            <div className="item stack-sm">
              <p>{message('ui.patient.home.noNextSession')}</p>
              <ButtonLink to={routeById.providerSearch.path} variant="secondary">
                {message('ui.patient.home.findProvider')}
              </ButtonLink>
            </div>
          );
        }
        return (
          <SessionCard
            session={next}
            now={new Date()}
            actions={
              <>
                {next.appointmentMode === 'online' && next.joinUrl ? <ButtonLink to={next.joinUrl}>{message('ui.patient.sessions.join')}</ButtonLink> : null}
                <ButtonLink to={routeById.patientSessionsUpcoming.path} variant="secondary">
                  {message('ui.patient.home.allSessions')}
                </ButtonLink>
              </>
            }
          />
        );
      }}
    </Loaded>
  );
}

/**
 * Whether every answer the home draws is in (or failed): the sessions, the people, their insurances, intakes and
 * check-ins. The home is drawn at once then, under a placeholder until; drawn piece by piece, each answer pushed the
 * sections under it down as it arrived (layout shift 0.3-0.4 on a phone).
 */
function useHomeSettled(): boolean {
  const queries = useApiQueries();
  const patients = usePatients();
  const people = patients.data ?? [];
  const upcoming = useSessions('upcoming');
  const insurances = useAccountInsurances();
  const intakes = useQueries({ queries: people.map((p) => queries.getPatientIntake({ params: { id: p.id } })) });
  const measures = useQueries({ queries: people.map((p) => queries.listPatientMeasures({ params: { id: p.id } })) });
  const now = patients.isError || (!patients.isPending && !upcoming.isPending && !insurances.isPending && [...intakes, ...measures].every((q) => !q.isPending));
  // Once drawn, the home stays drawn: a later refetch (a retry after a failure, fresh data) updates it in place.
  const [drawn, setDrawn] = useState(false);
  if (now && !drawn) setDrawn(true);
  return now || drawn;
}

export default function PatientHomePage() {
  const user = useAppSelector(selectUser);
  const today = todayIso();
  const checkIns = useCheckIns();
  const settled = useHomeSettled();
  return (
    <PortalShell route="patientHome" heading={user ? message('ui.patient.greeting', { firstName: user.firstName }) : undefined}>
      {settled ? <HomeSections today={today} checkIns={checkIns} /> : <ListSkeleton rows={3} height="12rem" />}
    </PortalShell>
  );
}

function HomeSections({ today, checkIns }: { today: string; checkIns: ReturnType<typeof useCheckIns> }) {
  const patients = usePatients();
  return (
    <>
      <section className="portal-section" aria-labelledby="home-next">
        <h2 id="home-next">{message('ui.patient.home.nextSession')}</h2>
        <NextSession />
      </section>

      <section className="portal-section" aria-labelledby="home-tasks">
        <h2 id="home-tasks">{message('ui.patient.home.tasks')}</h2>
        <Loaded query={patients} skeleton={<ListSkeleton rows={1} />}>
          {() => <Tasks today={today} checkIns={checkIns} />}
        </Loaded>
      </section>

      <CheckInHistory checkIns={checkIns} />

      <section className="portal-section" aria-labelledby="home-patients">
        <h2 id="home-patients">{message('ui.patient.home.patients')}</h2>
        <p className="muted">{message('ui.patient.home.patientsIntro')}</p>
        <Loaded query={patients} skeleton={<ListSkeleton rows={2} height="4.5rem" />}>
          {() => <PatientsOnAccount today={today} />}
        </Loaded>
      </section>

      <section className="portal-section" aria-labelledby="home-cadence">
        <h2 id="home-cadence">{message('ui.patient.home.careCadence')}</h2>
        <ul className="item cadence-list">
          {Object.values(constantIn('careCadence')).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
