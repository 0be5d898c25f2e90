/**
 * Keeps provider search current. Slots move out of the search window as time passes, so
 * provider_search is rebuilt hourly in the background (for 50,000 providers it takes seconds), and
 * at start when older than that; seeding and the booking part rebuild it themselves. Each process
 * holds the in-memory search index and reloads it when provider_search changes. Timers never keep
 * the process alive, and closing waits for work under way.
 */
import fp from 'fastify-plugin';
import { first, qb, sql } from '../db/typed';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { SearchIndex } from '../marketplace/search-index';

const REFRESH_EVERY_MS = 60 * 60 * 1000;
const INDEX_CHECK_EVERY_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** the in-memory search index, once loaded */
    searchIndex(): SearchIndex | undefined;
  }
}

export default fp(
  async (app) => {
    let index: SearchIndex | undefined;
    let refreshing: Promise<void> | undefined;
    let reloading: Promise<void> | undefined;
    let closed = false;

    const reloadIndex = () => {
      reloading ??= (async () => {
        if (closed) return;
        if (index && (await SearchIndex.version(app.database)) === index.version) return;
        const changed = index !== undefined;
        index = await SearchIndex.load(app.database);
        // Providers or their open times changed (here or in another process): served pages show them, so they are stale.
        if (changed) app.pageCache?.invalidate();
      })()
        .catch((err: unknown) => app.log.error({ err }, 'search index load failed'))
        .finally(() => {
          reloading = undefined;
        });
      return reloading;
    };

    const refresh = (onlyWhenStale: boolean) => {
      refreshing ??= (async () => {
        if (onlyWhenStale) {
          const row = await first(
            app.database,
            qb
              .selectFrom('provider_search')
              .select(
                sql<boolean>`coalesce(min(refreshed_at) < ${app.clock.now().toISOString()}::timestamptz - make_interval(secs => ${REFRESH_EVERY_MS / 1000}), true)`.as(
                  'stale',
                ),
              ),
          );
          if (!row?.stale) return;
        }
        await refreshAvailabilitySummary(app.database, app.clock.now());
      })()
        .catch((err: unknown) => app.log.error({ err }, 'availability summary refresh failed'))
        .finally(() => {
          refreshing = undefined;
          void reloadIndex();
        });
      return refreshing;
    };

    app.decorate('searchIndex', () => index);
    const timers = [setInterval(() => void refresh(false), REFRESH_EVERY_MS), setInterval(() => void reloadIndex(), INDEX_CHECK_EVERY_MS)];
    for (const t of timers) t.unref();
    app.addHook('onReady', async () => {
      await reloadIndex();
      void refresh(true);
    });
    app.addHook('preClose', async () => {
      closed = true;
      for (const t of timers) clearInterval(t);
      await Promise.all([refreshing, reloading]);
    });
  },
  { name: 'marketplace', dependencies: ['database', 'clock'] },
);
