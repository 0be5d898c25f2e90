/** Staff notes on a patient record: kept with their author and time, never edited. */
import type { PatientNoteType } from '@/generated/enums';
import type { Queryable } from '../db/connection';

export interface NoteRow {
  id: string;
  patient_id: string;
  note_type: PatientNoteType;
  text: string;
  author_id: string;
  author_name: string;
  created_at: Date;
}

const NOTE_SELECT = `SELECT n.id, n.patient_id, n.note_type, n.text, n.author_id, u.first_name || ' ' || u.last_name AS author_name, n.created_at
  FROM patient_notes n JOIN users u ON u.id = n.author_id`;

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
  const [inserted] = await db.query<{ id: string }>('INSERT INTO patient_notes (patient_id, note_type, text, author_id) VALUES ($1, $2, $3, $4) RETURNING id', [
    patientId,
    noteType,
    text,
    authorId,
  ]);
  const [row] = await db.query<NoteRow>(`${NOTE_SELECT} WHERE n.id = $1`, [inserted!.id]);
  return row!;
}

export async function notesOf(db: Queryable, patientId: string, limit = 200): Promise<NoteRow[]> {
  return db.query<NoteRow>(`${NOTE_SELECT} WHERE n.patient_id = $1 ORDER BY n.created_at DESC, n.id LIMIT $2`, [patientId, limit]);
}
