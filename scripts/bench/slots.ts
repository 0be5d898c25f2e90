/**
 * Slots benchmark (`npm run bench:slots`): a provider's whole availability window (8 weeks,
 * slotListMaxDays) in one request, GET /api/slots/get?providerId=…, through the real HTTP server (a
 * child process) by BENCH_CLIENTS (32) concurrent clients for BENCH_SECONDS (10) on PostgreSQL; and the
 * server's own time for one listing (the one query and the slot rules, src/server/marketplace/
 * availability.ts providerOpenSlots) measured in this process, one listing at a time. Prints p50/p99
 * of both and requests per second; targets: one request covers the 8 weeks, server time p50 <= 5 ms.
 *
 * BENCH_SLOTS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_slots) is created and
 * seeded with BENCH_SLOTS_PROVIDERS (320) demo providers and their eight weeks of slots when empty.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { constants } from '@/generated/constants';
import { openDatabase } from '@/server/db/connection';
import { migrate } from '@/server/db/migrate';
import { seedIfEmpty } from '@/server/db/seed';
import { providerOpenSlots } from '@/server/marketplace/availability';
import { freePort, percentile, startServer } from './server';

const DATABASE_URL = process.env.BENCH_SLOTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_slots';
const PROVIDERS = Number(process.env.BENCH_SLOTS_PROVIDERS ?? 320);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_SERVER_P50_MS = 5;

async function ensureDatabase(): Promise<void> {
  const name = new URL(DATABASE_URL).pathname.slice(1).replace(/"/g, '');
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rows.length) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

export async function runSlotsBenchmark(): Promise<boolean> {
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '', poolSize: 4 });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-slots-'));
  let server: ChildProcess | undefined;
  try {
    await migrate(database);
    const started = Date.now();
    if (await seedIfEmpty(database, undefined, PROVIDERS)) console.log(`seeded ${PROVIDERS} providers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await database.query('ANALYZE');
    const providers = (await database.query<{ id: string }>('SELECT id FROM providers WHERE removed_at IS NULL ORDER BY id')).map((r) => r.id);

    // The server's time: one listing of the whole window, one after another, in this process.
    const now = new Date();
    const window = { from: now, to: new Date(now.getTime() + constants.slotListMaxDays * 86_400_000) };
    const serverTimes: number[] = [];
    let slotsListed = 0;
    for (let i = 0; i < 1000; i += 1) {
      const t0 = performance.now();
      const found = await providerOpenSlots(database, providers[i % providers.length]!, window, {}, now);
      serverTimes.push(performance.now() - t0);
      slotsListed += found?.slots.length ?? 0;
    }
    serverTimes.sort((a, b) => a - b);

    const port = await freePort();
    server = await startServer(port, { DATABASE_URL, DATA_DIR: dataDir });
    const base = `http://127.0.0.1:${port}/api/slots/get?providerId=`;
    // Warm up: first requests compile schemas and fill the pool.
    for (const id of providers.slice(0, 20)) await (await fetch(base + id)).arrayBuffer();
    const latencies: number[] = [];
    const failures: Record<string, number> = {};
    const end = performance.now() + SECONDS * 1000;
    let next = 0;
    async function client(): Promise<void> {
      while (performance.now() < end) {
        const id = providers[(next += 1) % providers.length]!;
        const t0 = performance.now();
        const res = await fetch(base + id);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) failures[res.status] = (failures[res.status] ?? 0) + 1;
      }
    }
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, () => client()));
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);

    console.log(`\nSlots of one provider, ${constants.slotListMaxDays} days (8 weeks) in one request, ${providers.length} providers on PostgreSQL`);
    console.log(
      `  server time (one query + slot rules, in process): p50 ${percentile(serverTimes, 50).toFixed(2)} ms   p99 ${percentile(serverTimes, 99).toFixed(2)} ms   (${(slotsListed / serverTimes.length).toFixed(0)} slots a listing)`,
    );
    console.log(
      `  HTTP, ${CLIENTS} clients for ${SECONDS} s: ${latencies.length} requests, ${(latencies.length / seconds).toFixed(0)} requests/s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   failures ${JSON.stringify(failures)}`,
    );
    console.log(`  target: server time p50 <= ${TARGET_SERVER_P50_MS} ms`);
    return percentile(serverTimes, 50) <= TARGET_SERVER_P50_MS && Object.keys(failures).length === 0;
  } finally {
    server?.kill('SIGTERM');
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
