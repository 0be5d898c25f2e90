/**
 * PHQ-9 and GAD-7 check-ins in the portal: the to-dos of measures due for the people
 * on the account (GET /patients/{id}/measures), the questionnaire in a dialog (POST
 * /patients/{id}/measures) with the score and band it gave, and each person's scores over time. PHQ-9 item 9
 * answered above 0 shows the crisis screen at once, before the rest of the questionnaire (the one crisis rule,
 * src/domain/crisis.ts; as it shows, the server tells the clinician and support: use-crisis-screen.ts).
 */
import { useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSubmitPatientMeasureMutation } from '@/generated/client/hooks';
import type { EndpointTypes, MeasureScore } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import { message } from '@/domain/messages';
import { needsCrisisHelp } from '@/domain/crisis';
import { CrisisScreen } from '@/client/ui/CrisisScreen';
import { useCrisisScreen } from '@/client/ui/use-crisis-screen';
import { useApiQueries } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { Dialog } from '@/client/ui/Dialog';
import { MeasureItems } from '@/client/ui/MeasureItems';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName, usePatients } from './data';
import { formatSessionTime } from '@/domain/date-format';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';

type Instrument = keyof typeof careConstants.measureInstruments;
const nameOf = (i: Instrument) => careConstants.measureInstruments[i].name;

export function useCheckIns() {
  const queries = useApiQueries();
  const patients = usePatients();
  const list = patients.data ?? [];
  const results = useQueries({
    queries: list.map((p) => queries.listPatientMeasures({ params: { id: p.id } })),
  });
  return list.map((p, i) => ({ patient: p, data: results[i]?.data }));
}

function CheckInDialog({ patientId, instrument, onClose }: { patientId: string; instrument: Instrument; onClose: () => void }) {
  const queryClient = useQueryClient();
  const spec = careConstants.measureInstruments[instrument];
  const [answers, setAnswers] = useState<(number | undefined)[]>(Array.from({ length: spec.items }, () => undefined));
  const [missing, setMissing] = useState(false);
  const crisisScreen = useCrisisScreen(patientId);
  const send = useSubmitPatientMeasureMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.listPatientMeasures({ params: { id: patientId } }) }),
  });
  const result: MeasureScore | undefined = send.data;
  return (
    <Dialog
      open
      title={message('ui.patient.checkIn.heading', { instrument: spec.name })}
      description={message('ui.patient.checkIn.lead')}
      onClose={onClose}
      footer={
        // Once sent there is nothing left to put off: the way out is "Close", not "Not now".
        <Button variant="secondary" onClick={onClose}>
          {message(result ? 'ui.patient.close' : 'ui.patient.checkIn.cancel')}
        </Button>
      }
    >
      {crisisScreen.showing ? (
        <CrisisScreen continueLabel={message('ui.crisis.continue')} onContinue={crisisScreen.seen} />
      ) : result ? (
        <div className="stack-sm" role="status">
          <p className="notice notice--success">
            {message('ui.patient.checkIn.result', { instrument: spec.name, total: String(result.total), band: result.bandLabel })}
          </p>
          {result.urgent ? <p className="notice notice--warning">{message('ui.patient.checkIn.urgent')}</p> : null}
        </div>
      ) : (
        <form
          className="stack"
          aria-label={message('ui.patient.checkIn.heading', { instrument: spec.name })}
          onSubmit={(e) => {
            e.preventDefault();
            if (answers.some((a) => a === undefined)) return setMissing(true);
            const given = answers as EndpointTypes['submitPatientMeasure']['body']['answers'];
            send.mutate({ params: { id: patientId }, body: { instrument, answers: given, crisisKey: crisisScreen.crisisKey } });
          }}
        >
          <MeasureItems
            instrument={instrument}
            answers={answers}
            onAnswer={(i, v) => {
              const next = answers.map((a, j) => (j === i ? v : a));
              setAnswers(next);
              if (instrument === 'phq9' && needsCrisisHelp(next)) crisisScreen.show('checkInItemNine');
            }}
          />
          {missing && answers.some((a) => a === undefined) ? <ErrorNotice text={message('ui.patient.checkIn.answerAll')} /> : null}
          {send.isError ? <ErrorNotice text={errorTextFor(send.error, 'patient_web')} /> : null}
          <Button type="submit" disabled={send.isPending}>
            {message('ui.patient.checkIn.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

/** The check-ins due, as to-do items with a button that opens the questionnaire. */
export function CheckInTasks({ checkIns }: { checkIns: ReturnType<typeof useCheckIns> }) {
  const [open, setOpen] = useState<{ patientId: string; instrument: Instrument }>();
  const due = checkIns.flatMap(({ patient, data }) => (data?.due ?? []).map((instrument) => ({ patient, instrument: instrument as Instrument })));
  return (
    <>
      {due.map(({ patient, instrument }) => (
        <li key={`${patient.id}-${instrument}`} className="item task">
          <p>{message('ui.patient.checkIn.todo', { patient: fullName(patient), instrument: nameOf(instrument) })}</p>
          <Button variant="secondary" onClick={() => setOpen({ patientId: patient.id, instrument })}>
            {message('ui.patient.checkIn.start', { instrument: nameOf(instrument) })}
          </Button>
        </li>
      ))}
      {open ? <CheckInDialog patientId={open.patientId} instrument={open.instrument} onClose={() => setOpen(undefined)} /> : null}
    </>
  );
}

/** Each person's scores over time, newest first. */
export function CheckInHistory({ checkIns }: { checkIns: ReturnType<typeof useCheckIns> }) {
  // When each was done, in the account's zone, as on every other screen of the portal.
  const zone = useReaderTimeZone();
  const rows = checkIns.flatMap(({ patient, data }) => (data?.items ?? []).map((m) => ({ patient, m })));
  if (!rows.length) return null;
  return (
    <section className="portal-section" aria-labelledby="home-check-ins">
      <h2 id="home-check-ins">{message('ui.patient.checkIn.history')}</h2>
      <ul className="item-list">
        {[...rows].reverse().map(({ patient, m }) => (
          <li key={m.id} className="item">
            {checkIns.length > 1 ? `${fullName(patient)} · ` : ''}
            {message('ui.patient.checkIn.score', {
              when: formatSessionTime(m.completedAt, zone),
              instrument: nameOf(m.instrument),
              total: String(m.total),
              band: m.bandLabel,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
