/** The provider whose care area a caller opens, and what the clinician says about it themselves (taking new clients). */
import type { FastifyRequest } from 'fastify';
import { isUuid } from '@/domain/ids';
import { first, qb } from '../db/typed';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';
import { refreshAvailabilitySummary } from '../marketplace/availability';

/**
 * A super-admin's provider_id header names one (impersonation); a clinician gets their own. Anyone
 * else, or a malformed id, is NOT_FOUND.
 */
export async function callerProviderId(request: FastifyRequest): Promise<string> {
  const caller = callerOf(request);
  const named = caller.impersonation?.providerId;
  const own = named ? undefined : await first(request.server.database, qb.selectFrom('users').select('provider_id').where('id', '=', caller.userId));
  const providerId = named ?? own?.provider_id ?? undefined;
  if (!providerId || !isUuid(providerId)) throw new AppError('NOT_FOUND');
  return providerId;
}

/**
 * The caller's provider takes new clients or not; search follows at once, since it
 * lists only providers who do.
 */
export async function saveNewClients(request: FastifyRequest, accepting: boolean): Promise<{ acceptingNewPatients: boolean }> {
  const providerId = await callerProviderId(request);
  request.auditTarget = { type: 'provider', id: providerId };
  const db = request.server.database;
  const row = await first(
    db,
    qb
      .updateTable('providers')
      .set({ accepting_new_patients: accepting })
      .where('id', '=', providerId)
      .where('removed_at', 'is', null)
      .returning('accepting_new_patients'),
  );
  if (!row) throw new AppError('NOT_FOUND');
  await refreshAvailabilitySummary(db, request.server.clock.now(), [providerId]);
  return { acceptingNewPatients: row.accepting_new_patients };
}
