/**
 * The staff notes on the people of a session (GET /patients/{id}/notes, newest first) and a form to
 * add one (specs/forms/support-patient-note.yaml: the person among the session's, the kind of note, the note; saved by
 * POST /patients/save-note). Notes are kept, never edited; the server records the author and the time.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSavePatientNoteMutation } from '@/generated/client/hooks';
import noteForm from '@/generated/forms/support-patient-note';
import type { PatientNoteType } from '@/generated/enums';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Loaded } from './Loaded';
import { usePatientNotes } from './data';
import { formatSessionTime } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import * as patientsEnums from '@/generated/enums/patients';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

function NotesOf({ person, zone, named }: { person: Person; zone: string; named: boolean }) {
  const notes = usePatientNotes(person.id);
  return (
    <div className="stack-sm">
      {named ? <p className="support__title">{fullName(person)}</p> : null}
      <Loaded query={notes} rows={1}>
        {(items) =>
          items.length ? (
            <ul className="support__list">
              {items.map((n) => (
                <li key={n.id} className="card">
                  <p className="support__meta">
                    {enumLabelOf(patientsEnums.patientNoteType, n.noteType)} · {n.authorName} · {formatSessionTime(n.createdAt, zone)}
                  </p>
                  <p>{n.text}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{message('ui.support.session.noNotes')}</p>
          )
        }
      </Loaded>
    </div>
  );
}

/** What the form gives (specs/forms/support-patient-note.yaml): the body of POST /patients/save-note. */
interface NoteData {
  patientId: string;
  noteType: PatientNoteType;
  text: string;
}

function NoteForm({ people }: { people: readonly Person[] }) {
  const queryClient = useQueryClient();
  // The form starts again after a save (an empty note), about the same person and of the same kind.
  const [start, setStart] = useState<{ round: number; data: Partial<NoteData> }>({
    round: 0,
    data: { patientId: people[0]?.id, noteType: patientsEnums.patientNoteType.values[0] },
  });
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState(false);
  // After a save the note field, empty again, keeps the focus for the next note.
  useEffect(() => {
    if (start.round) document.getElementById('note_text')?.focus();
  }, [start.round]);

  const save = useSavePatientNoteMutation({
    onSuccess: async (note) => {
      setStart((s) => ({ round: s.round + 1, data: { patientId: note.patientId, noteType: note.noteType } }));
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.listPatientNotes({ params: { id: note.patientId } }) });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  return (
    <section className="card stack" aria-labelledby="add-note">
      <h3 id="add-note">{message('ui.support.note.heading')}</h3>
      <SpecForm<NoteData>
        key={start.round}
        idPrefix="note"
        form={noteForm}
        initialData={start.data}
        context={{ choices: { people: people.map((p) => ({ value: p.id, label: fullName(p) })) } }}
        submitting={save.isPending}
        onSubmit={({ patientId, noteType, text }) => {
          setSaved(false);
          setProblem(undefined);
          save.mutate({ body: { patientId, noteType, text: text.trim() } });
        }}
      />
      <ErrorNotice text={problem} inline />
      <div aria-live="polite">
        {saved ? (
          <p className="notice notice--success" role="status">
            {message('ui.support.note.saved')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

export function PatientNotes({ people, zone }: { people: readonly Person[]; zone: string }) {
  return (
    <section className="stack" aria-labelledby="session-notes">
      <h2 id="session-notes">{message('ui.support.session.notes')}</h2>
      {people.map((p) => (
        <NotesOf key={p.id} person={p} zone={zone} named={people.length > 1} />
      ))}
      <NoteForm people={people} />
    </section>
  );
}
