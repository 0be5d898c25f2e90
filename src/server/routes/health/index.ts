import { AppError } from '@/server/errors';
import type { Handlers } from '../registry';
import { appVersion } from '@/server/version';

export const healthHandlers: Handlers = {
  async getHealth(request) {
    try {
      await request.server.database.query('SELECT 1');
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', { cause });
    }
    return { status: 'ok', version: appVersion(), database: request.server.database.kind };
  },

  async getLiveness() {
    return { status: 'ok' as const };
  },

  async getReadiness(request) {
    const app = request.server;
    // A process that began closing answers not ready, so a load balancer stops sending it requests.
    if (app.lifecycle.closing) throw new AppError('SERVICE_UNAVAILABLE');
    try {
      await app.database.query('SELECT 1');
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', { cause });
    }
    return { status: 'ready' as const, database: app.database.kind, jobsInProcess: app.jobs.runsWorkers };
  },
};
