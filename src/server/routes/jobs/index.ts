/** Staff's view of background work that failed on every try (src/server/jobs). */
import type { Handlers } from '../registry';

export const jobsHandlers: Handlers = {
  async listDeadLetters(request) {
    request.auditTarget = { type: 'jobs', id: 'dead-letter' };
    return { items: await request.server.jobs.deadLetters() };
  },
};
