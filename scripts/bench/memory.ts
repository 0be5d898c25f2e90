/**
 * Idle memory (`npm run bench:memory`): the server on a fresh embedded PGlite database with the demo
 * data - started once to migrate and seed, then started again as a restarted server is - left idle
 * for BENCH_IDLE_SECONDS (30), then its resident memory (RSS) and what makes it up, from /metrics.
 * Target: at most 300 MB. The built client is served (server-rendered pages) when dist/ has it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, startServer, stopServer } from './server';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const TARGET_MB = 300;

async function metrics(port: number): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\s+([0-9.e+]+)$/.exec(line);
    if (match) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

export async function runMemoryBenchmark(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const serveClient = existsSync(join('dist', 'client', 'index.html')) && existsSync(join('dist', 'ssr'));
  // What `npm start` runs: the built server bundle when there is one (npm run build), else the sources through tsx.
  const built = existsSync(join('dist', 'server', 'main.js'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SERVE_CLIENT: String(serveClient), NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  let server: ChildProcess | undefined;
  try {
    const port = await freePort();
    // First start: migrations and the demo seed.
    server = await startServer(port, env, 600, built);
    await stopServer(server);
    server = await startServer(port, env, 300, built);
    if (serveClient) await fetch(`http://127.0.0.1:${port}/`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const m = await metrics(port);
    const mb = (name: string) => ((m.get(name) ?? NaN) / 1_048_576).toFixed(0);
    const rss = (m.get('process_resident_memory_bytes') ?? Infinity) / 1_048_576;
    console.log(
      `\nIdle ${built ? 'built server (dist/server, as npm start runs it)' : 'server from source (tsx; run npm run build for the built one)'} on PGlite with the demo data (${serveClient ? 'serving the built client' : 'API only: no built client in dist/'}), after ${IDLE_SECONDS} s idle:`,
    );
    console.log(
      `  RSS ${rss.toFixed(0)} MB (target <= ${TARGET_MB} MB)   JS heap used ${mb('nodejs_heap_size_used_bytes')} MB of ${mb('nodejs_heap_size_total_bytes')} MB   external (PGlite's WebAssembly memory, buffers) ${mb('nodejs_external_memory_bytes')} MB`,
    );
    const ok = rss <= TARGET_MB;
    if (!ok) console.log('  the memory target is missed');
    return ok;
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
