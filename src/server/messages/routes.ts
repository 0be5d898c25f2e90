/** Secure messages: the clinician's threads in the care area, the patient's in the portal. */
import { callerProviderId } from '@/server/care/provider';
import { isClientOf, reachClient } from '@/server/care/clients';
import { writeAudit } from '@/server/audit';
import { AppError } from '@/server/errors';
import { reachPatientOf } from '@/server/patients/reach';
import { accountContacts, accountThreads, openThread, providerThreads, readThread, reachThread, sendMessage } from '@/server/messages/threads';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';

export const messagesHandlers: Handlers = {
  async listCareThreads(request) {
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    return providerThreads(request.server.database, providerId);
  },

  async startCareThread(request) {
    const providerId = await callerProviderId(request);
    // Only the provider's own clients (a past or upcoming session); anyone else is NOT_FOUND, audited.
    await reachClient(request, providerId, request.body.patientId, 'startCareThread');
    return openThread(request, 'clinician', providerId, request.body.patientId);
  },

  async getCareThread(request) {
    const providerId = await callerProviderId(request);
    const thread = await reachThread(request, 'clinician', request.params.id, 'getCareThread', providerId);
    return readThread(request, 'clinician', thread);
  },

  async sendCareMessage(request, reply) {
    const providerId = await callerProviderId(request);
    const thread = await reachThread(request, 'clinician', request.params.id, 'sendCareMessage', providerId);
    await sendMessage(request, 'clinician', thread, request.body.text);
    reply.status(201);
    return readThread(request, 'clinician', thread);
  },

  async listPatientThreads(request) {
    const accountId = callerOf(request).userId;
    request.auditTarget = { type: 'user', id: accountId };
    return accountThreads(request.server.database, accountId);
  },

  async listPatientMessageContacts(request) {
    const accountId = callerOf(request).userId;
    request.auditTarget = { type: 'user', id: accountId };
    return { items: await accountContacts(request.server.database, accountId) };
  },

  async startPatientThread(request) {
    const { patientId, providerId } = request.body;
    // A patient of the caller's own account (a refusal is audited as NOT_FOUND)…
    await reachPatientOf(request, patientId, 'startPatientThread', callerOf(request).userId);
    // …and a clinician whose client they are: anyone else is NOT_FOUND too, audited.
    if (!(await isClientOf(request.server.database, providerId, patientId))) {
      await writeAudit(request, {
        action: 'startPatientThread',
        outcome: 'denied',
        status: 404,
        recordType: 'patient',
        recordId: patientId,
        details: { reason: 'not a client of the provider', providerId },
      });
      throw new AppError('NOT_FOUND');
    }
    return openThread(request, 'patient', providerId, patientId);
  },

  async getPatientThread(request) {
    const thread = await reachThread(request, 'patient', request.params.id, 'getPatientThread');
    return readThread(request, 'patient', thread);
  },

  async sendPatientMessage(request, reply) {
    const thread = await reachThread(request, 'patient', request.params.id, 'sendPatientMessage');
    await sendMessage(request, 'patient', thread, request.body.text);
    reply.status(201);
    return readThread(request, 'patient', thread);
  },
};
