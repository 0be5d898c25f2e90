import { AppError } from '../../errors';
import type { Handlers } from '../registry';
import { appVersion } from '../../version';

export const healthHandlers: Handlers = {
  async getHealth(request) {
    try {
      await request.server.database.query('SELECT 1');
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', { cause });
    }
    return { status: 'ok', version: appVersion(), database: request.server.database.kind };
  },
};
