/** Staff notes on a patient record: kept with their author and time, never edited. */
import type { PatientNoteType } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type RowOf } from '../db/typed';

/** A note with its author's name (filtered by the caller). */
const noteSelect = () =>
  qb
    .selectFrom('patient_notes as n')
    .innerJoin('users as u', 'u.id', 'n.author_id')
    .select((eb) => [
      'n.id',
      'n.patient_id',
      eb.ref('n.note_type').$castTo<PatientNoteType>().as('note_type'),
      'n.text',
      'n.author_id',
      sql<string>`u.first_name || ' ' || u.last_name`.as('author_name'),
      'n.created_at',
    ]);

export type NoteRow = RowOf<ReturnType<typeof noteSelect>>;

export function noteOut(row: NoteRow) {
  return {
    id: row.id,
    patientId: row.patient_id,
    noteType: row.note_type,
    text: row.text,
    authorId: row.author_id,
    authorName: row.author_name,
    createdAt: row.created_at.toISOString(),
  };
}

export async function saveNote(db: Queryable, patientId: string, noteType: PatientNoteType, text: string, authorId: string): Promise<NoteRow> {
  const inserted = await first(
    db,
    qb.insertInto('patient_notes').values({ patient_id: patientId, note_type: noteType, text, author_id: authorId }).returning('id'),
  );
  const row = await first(db, noteSelect().where('n.id', '=', inserted!.id));
  return row!;
}

export async function notesOf(db: Queryable, patientId: string, limit = 200): Promise<NoteRow[]> {
  return all(db, noteSelect().where('n.patient_id', '=', patientId).orderBy('n.created_at', 'desc').orderBy('n.id').limit(limit));
}
