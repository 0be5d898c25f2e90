/**
 * What a staff session handed to a patient at the front desk may call: only the endpoints of
 * constants.handOverSessionEndpoints, and only for the patient and session it was handed over for. Read from
 * the raw request (this runs before validation), so a malformed id is simply not that patient's.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { HandOverScope } from '../auth/server-sessions';
import { first, qb } from '../db/typed';

const allowed: ReadonlySet<string> = new Set(constants.handOverSessionEndpoints);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const field = (source: unknown, name: string): unknown => (source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined);

/** Why a handed-over session may not make this call, or undefined when it may. */
export async function handOverRefusal(request: FastifyRequest, handOver: HandOverScope | undefined, endpointId: string): Promise<string | undefined> {
  if (!handOver) return 'hand-over without a patient';
  if (!allowed.has(endpointId)) return 'device handed over to a patient';
  const notTheirs = 'another patient than the one the device is handed over to';
  switch (endpointId) {
    case 'frontDeskPatientAuth':
      return field(request.body, 'patientId') === handOver.patientId ? undefined : notTheirs;
    case 'createPatientConsent':
      return field(request.params, 'id') === handOver.patientId && field(request.body, 'appointmentId') === handOver.appointmentId ? undefined : notTheirs;
    case 'verifyFrontDeskConsent':
    case 'signFrontDeskConsent': {
      const id = field(request.params, 'id');
      if (typeof id !== 'string' || !UUID.test(id)) return notTheirs;
      const mine = await first(
        request.server.database,
        qb.selectFrom('consents').select('id').where('id', '=', id).where('patient_id', '=', handOver.patientId),
      );
      return mine ? undefined : notTheirs;
    }
    default:
      return undefined;
  }
}
