/** Staff's view of background work that failed on every try (src/server/jobs), and a new round of tries for one. */
import { AppError } from '@/server/errors';
import type { Handlers } from '../routes/registry';

export const jobsHandlers: Handlers = {
  async listDeadLetters(request) {
    request.auditTarget = { type: 'jobs', id: 'dead-letter' };
    return { items: await request.server.jobs.deadLetters() };
  },

  async retryDeadLetter(request) {
    const { id } = request.params as { id: string };
    request.auditTarget = { type: 'job', id };
    if (!(await request.server.jobs.retryDeadLetter(id))) throw new AppError('NOT_FOUND');
    return { id };
  },
};
