/**
 * The staff notes on the people of a session (GET /patients/{id}/notes, newest first) and a form to
 * add one (kinds from GET /patients/note-types, saved by POST /patients/save-note). Notes are kept,
 * never edited; the server records the author and the time.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSavePatientNoteMutation } from '@/generated/client/hooks';
import * as patientsConstants from '@/generated/constants/patients';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { fullName } from '@/client/ui/format';
import { Loaded } from './Loaded';
import { useNoteTypes, usePatientNotes } from './data';
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

function NoteForm({ people }: { people: readonly Person[] }) {
  const queryClient = useQueryClient();
  const types = useNoteTypes();
  const [patientId, setPatientId] = useState(people[0]?.id ?? '');
  const [noteType, setNoteType] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState(false);

  const save = useSavePatientNoteMutation({
    onSuccess: async () => {
      setText('');
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.listPatientNotes({ params: { id: patientId } }) });
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaved(false);
    if (!text.trim()) {
      setProblem(message('ui.support.note.required'));
      return;
    }
    setProblem(undefined);
    save.mutate({ body: { patientId, noteType: (noteType || types.data?.[0]?.value) as never, text: text.trim() } });
  }

  return (
    <form className="card stack" aria-labelledby="add-note" onSubmit={submit} noValidate>
      <h3 id="add-note">{message('ui.support.note.heading')}</h3>
      {people.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor="note-patient">
            {message('ui.support.note.patient')}
          </label>
          <select id="note-patient" className="input" value={patientId} onChange={(e) => setPatientId(e.target.value)}>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {fullName(p)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="note-type">
          {message('ui.support.note.type')}
        </label>
        <select
          id="note-type"
          className="input"
          value={noteType || types.data?.[0]?.value || ''}
          onChange={(e) => setNoteType(e.target.value)}
          disabled={!types.data}
        >
          {(types.data ?? []).map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="note-text">
          {message('ui.support.note.text')}
        </label>
        <textarea
          id="note-text"
          className="input textarea"
          maxLength={patientsConstants.patientNoteMax}
          value={text}
          aria-describedby={problem ? 'note-problem' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div aria-live="polite">
        {problem ? (
          <p id="note-problem" className="field__error" role="alert">
            {problem}
          </p>
        ) : saved ? (
          <p className="notice notice--success" role="status">
            {message('ui.support.note.saved')}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending || !types.data} aria-busy={save.isPending || undefined}>
          {message('ui.support.note.save')}
        </Button>
      </div>
    </form>
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
