/** Secure messages (issue 17 item 6): the clinician's threads in the care area, the patient's in the portal. */
import { callerProviderId } from '@/server/care/provider';
import { reachClient } from '@/server/care/clients';
import { accountThreads, openThread, providerThreads, readThread, reachThread, sendMessage } from '@/server/messages/threads';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../registry';

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
    return openThread(request, providerId, request.body.patientId);
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
