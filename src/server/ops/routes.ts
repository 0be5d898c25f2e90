import { AppError } from '@/server/errors';
import type { Handlers } from '../routes/registry';
import { appVersion } from '@/server/version';
import { databaseAnswers } from '@/server/db/health';

export const healthHandlers: Handlers = {
  async getHealth(request) {
    try {
      await databaseAnswers(request.server.database);
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
      await databaseAnswers(app.database);
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', { cause });
    }
    return { status: 'ready' as const, database: app.database.kind, jobsInProcess: app.jobs.runsWorkers };
  },
};
