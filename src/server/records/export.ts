/**
 * The record export's life (issue 38 item 1): the holder asks (a row and a job), the job builds the FHIR document
 * Bundle and the PDF in the holder's language and zone and mails them that it is ready; the files download only for
 * the holder until recordExportLinkHours have passed, then they are removed. The mail carries no health information.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/connection';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import { buildRecordBundle } from '@/domain/record-export';
import type { JobDefinition } from '../jobs/registry';
import { readerLocale, withLocale } from '../locale';
import { siteUrl } from '../site-url';
import { gatherRecord } from './gather';
import { recordPdf } from './record-pdf';

export const RECORD_EXPORT_JOB = 'record-export';
const HOUR = 3_600_000;

export interface RecordExportRow {
  id: string;
  user_id: string;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

export type RecordExportState = 'pending' | 'ready' | 'expired';

export function exportState(row: Pick<RecordExportRow, 'ready_at' | 'expires_at'>, now: Date): RecordExportState {
  if (!row.ready_at || !row.expires_at) return 'pending';
  return new Date(row.expires_at).getTime() > now.getTime() ? 'ready' : 'expired';
}

export function exportOut(row: RecordExportRow, now: Date) {
  return {
    id: row.id,
    status: exportState(row, now),
    requestedAt: new Date(row.requested_at).toISOString(),
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  };
}

const EXPORT_COLUMNS = 'id, user_id, requested_at, ready_at, expires_at';

/** A new export asked for by account `userId` at `now`, not built yet. */
export async function insertExport(db: Queryable, userId: string, now: Date): Promise<RecordExportRow> {
  const [row] = await db.query<RecordExportRow>(`INSERT INTO record_exports (user_id, requested_at) VALUES ($1, $2) RETURNING ${EXPORT_COLUMNS}`, [
    userId,
    now,
  ]);
  return row!;
}

export async function exportById(db: Queryable, id: string): Promise<RecordExportRow | undefined> {
  const [row] = await db.query<RecordExportRow>(`SELECT ${EXPORT_COLUMNS} FROM record_exports WHERE id = $1`, [id]);
  return row;
}

/** One file of an export: the Bundle (JSON) or the PDF's bytes; undefined once removed. */
export async function exportFile(db: Queryable, id: string, file: 'bundle' | 'pdf'): Promise<unknown> {
  const [row] = await db.query<{ content: unknown }>(`SELECT ${file === 'pdf' ? 'pdf' : 'bundle'} AS content FROM record_exports WHERE id = $1`, [id]);
  return row?.content ?? undefined;
}

/** The page that shows one export's downloads: the account page following it. */
export function readyExportPath(exportId: string): string {
  return `${routeById.patientAccount.path}?export=${encodeURIComponent(exportId)}`;
}

/** Builds one export's files and mails the holder; a second run of a built export does nothing. */
export async function buildRecordExport(app: FastifyInstance, exportId: string): Promise<void> {
  const db = app.database;
  const [row] = await db.query<{ user_id: string; ready_at: Date | null; email: string | null; language: string | null; time_zone: string | null }>(
    `SELECT e.user_id, e.ready_at, u.email::text AS email, u.language, u.time_zone FROM record_exports e JOIN users u ON u.id = e.user_id WHERE e.id = $1`,
    [exportId],
  );
  if (!row || row.ready_at) return;
  const locale = readerLocale(row.language);
  const zone = row.time_zone ?? constants.billingTimeZone;
  const generatedAt = app.clock.now();
  const { bundle, pdf } = await withLocale(locale, async () => {
    const input = await gatherRecord(db, row.user_id, { exportId, generatedAt, zone, baseUrl: app.publicUrl, language: locale.startsWith('es') ? 'es' : 'en' });
    return { bundle: buildRecordBundle(input), pdf: await recordPdf(input.words, generatedAt, zone) };
  });
  const expiresAt = new Date(generatedAt.getTime() + constants.recordExportLinkHours * HOUR);
  const [done] = await db.query<{ id: string }>(
    'UPDATE record_exports SET bundle = $2, pdf = $3, ready_at = $4, expires_at = $5 WHERE id = $1 AND ready_at IS NULL RETURNING id',
    [exportId, JSON.stringify(bundle), Buffer.from(pdf), generatedAt, expiresAt],
  );
  if (!done || !row.email) return;
  await app.mailer.send(
    'record-export-ready',
    row.email,
    // The link opens the account page following this export (RecordExport.tsx reads `?export=`): its downloads, once signed in.
    (mailLocale) => ({ params: { link: siteUrl(app, readyExportPath(exportId), mailLocale), hours: constants.recordExportLinkHours } }),
    { language: row.language },
  );
}

/** Removes the files of exports whose download time has passed (the row stays: when it was asked for and by whom). */
export async function removeExpiredExports(app: FastifyInstance): Promise<number> {
  const rows = await app.database.query(
    'UPDATE record_exports SET bundle = NULL, pdf = NULL WHERE expires_at <= $1 AND (bundle IS NOT NULL OR pdf IS NOT NULL) RETURNING id',
    [app.clock.now()],
  );
  return rows.length;
}

export const recordExportJob: JobDefinition<{ exportId: string }> = {
  name: RECORD_EXPORT_JOB,
  run: async (app, data) => buildRecordExport(app, data.exportId),
  describe: (data) => ({ exportId: data.exportId }),
};

export const recordExportSweepJob: JobDefinition = {
  name: 'record-export-sweep',
  cron: '15 * * * *',
  run: async (app) => {
    await removeExpiredExports(app);
  },
};
