/** The patient's whole record exported: asked for, followed, and downloaded by its holder only. */
import type { FastifyRequest } from 'fastify';
import { FHIR_JSON } from '@/domain/record-export';
import { writeAudit } from '@/server/audit';
import { AppError } from '@/server/errors';
import { callerOf } from '@/server/plugins/auth';
import { exportById, exportFile, exportOut, exportState, insertExport, RECORD_EXPORT_JOB, type RecordExportRow } from '@/server/records/export';
import { sendPdf } from '../billing/routes';
import type { Handlers } from '../routes/registry';

/** The caller's own export; anyone else's, or none, answers 404 and is audited as denied. */
async function holdersExport(request: FastifyRequest, id: string, action: string): Promise<RecordExportRow> {
  const row = await exportById(request.server.database, id);
  if (!row || row.user_id !== callerOf(request).userId) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType: 'record_export',
      recordId: id,
      details: { reason: row ? 'not the holder' : 'no such record' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'record_export', id: row.id };
  return row;
}

/** A ready export's file; a pending one is not found yet, an expired one is gone. */
async function readyFile(request: FastifyRequest, id: string, action: string, column: 'bundle' | 'pdf') {
  const row = await holdersExport(request, id, action);
  const state = exportState(row, request.server.clock.now());
  if (state === 'expired') throw new AppError('RECORD_EXPORT_EXPIRED');
  if (state === 'pending') throw new AppError('NOT_FOUND');
  const content = await exportFile(request.server.database, row.id, column);
  if (content === undefined) throw new AppError('RECORD_EXPORT_EXPIRED');
  return content;
}

export const recordExportsHandlers: Handlers = {
  async requestRecordExport(request, reply) {
    const caller = callerOf(request);
    const row = await insertExport(request.server.database, caller.userId, request.server.clock.now());
    await request.server.jobs.send(RECORD_EXPORT_JOB, { exportId: row.id });
    request.auditTarget = { type: 'record_export', id: row.id };
    return reply.code(202).send(exportOut(row, request.server.clock.now()));
  },

  async getRecordExport(request) {
    return exportOut(await holdersExport(request, request.params.id, 'getRecordExport'), request.server.clock.now());
  },

  async downloadRecordExportBundle(request, reply) {
    const bundle = await readyFile(request, request.params.id, 'downloadRecordExportBundle', 'bundle');
    return reply
      .header('content-type', FHIR_JSON)
      .header('content-disposition', `attachment; filename="record-${request.params.id}.fhir.json"`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(bundle));
  },

  async downloadRecordExportPdf(request, reply) {
    const pdf = (await readyFile(request, request.params.id, 'downloadRecordExportPdf', 'pdf')) as Uint8Array;
    return sendPdf(reply, pdf, `record-${request.params.id}.pdf`);
  },
};
