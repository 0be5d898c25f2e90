/**
 * The record export's life: the holder asks (a row and a job), the job builds the FHIR document
 * Bundle and the PDF in the holder's language and zone and mails them that it is ready; the files download only for
 * the holder until recordExportLinkHours have passed, then they are removed. The mail carries no health information.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type TableRow } from '../db/typed';
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

export type RecordExportRow = Pick<TableRow<'record_exports'>, (typeof EXPORT_COLUMNS)[number]>;

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

const EXPORT_COLUMNS = ['id', 'user_id', 'requested_at', 'ready_at', 'expires_at'] as const;

/** A new export asked for by account `userId` at `now`, not built yet. */
export async function insertExport(db: Queryable, userId: string, now: Date): Promise<RecordExportRow> {
  const row = await first(db, qb.insertInto('record_exports').values({ user_id: userId, requested_at: now }).returning(EXPORT_COLUMNS));
  return row!;
}

export async function exportById(db: Queryable, id: string): Promise<RecordExportRow | undefined> {
  return first(db, qb.selectFrom('record_exports').select(EXPORT_COLUMNS).where('id', '=', id));
}

/** One file of an export: the Bundle (JSON) or the PDF's bytes; undefined once removed. */
export async function exportFile(db: Queryable, id: string, file: 'bundle' | 'pdf'): Promise<unknown> {
  const row = await first(
    db,
    qb
      .selectFrom('record_exports')
      .select(`${file === 'pdf' ? 'pdf' : 'bundle'} as content`)
      .where('id', '=', id),
  );
  return row?.content ?? undefined;
}

/** The page that shows one export's downloads: the account page following it. */
export function readyExportPath(exportId: string): string {
  return `${routeById.patientAccount.path}?export=${encodeURIComponent(exportId)}`;
}

/** Builds one export's files and mails the holder; a second run of a built export does nothing. */
export async function buildRecordExport(app: FastifyInstance, exportId: string): Promise<void> {
  const db = app.database;
  const row = await first(
    db,
    qb
      .selectFrom('record_exports as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.user_id', 'e.ready_at', sql<string | null>`u.email::text`.as('email'), 'u.language', 'u.time_zone'])
      .where('e.id', '=', exportId),
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
  const done = await first(
    db,
    qb
      .updateTable('record_exports')
      .set({ bundle: JSON.stringify(bundle), pdf: Buffer.from(pdf), ready_at: generatedAt, expires_at: expiresAt })
      .where('id', '=', exportId)
      .where('ready_at', 'is', null)
      .returning('id'),
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
  const rows = await all(
    app.database,
    qb
      .updateTable('record_exports')
      .set({ bundle: null, pdf: null })
      .where('expires_at', '<=', app.clock.now())
      .where((eb) => eb.or([eb('bundle', 'is not', null), eb('pdf', 'is not', null)]))
      .returning('id'),
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
