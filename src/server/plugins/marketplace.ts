/**
 * Keeps search's availability summary current: slots move out of the search window as time passes,
 * so the summary is rebuilt at start and every hour (the booking part also rebuilds it for the
 * providers a booking touches). The timer never keeps the process alive.
 */
import fp from 'fastify-plugin';
import { refreshAvailabilitySummary } from '../marketplace/availability';

const REFRESH_EVERY_MS = 60 * 60 * 1000;

export default fp(
  async (app) => {
    const refresh = () =>
      refreshAvailabilitySummary(app.database, new Date()).catch((err: unknown) => app.log.error({ err }, 'availability summary refresh failed'));
    await refresh();
    const timer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'marketplace', dependencies: ['database'] },
);
