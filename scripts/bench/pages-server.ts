/**
 * `npm run bench:pages:server`: how many requests a second the server answers for a
 * cached provider profile page, as a phone asks for it (Accept-Encoding: br). Starts the real server
 * (client served: `npm run build` first; embedded database in BENCH_DATA_DIR, seeded on the first run), takes a
 * profile from the sitemap, renders it once, then loads it with autocannon: BENCH_CONNECTIONS (32) connections for
 * BENCH_SECONDS (10). Target: ≥ 1,000 requests/s. Also prints the server's CPU per request (its idle CPU, sampled
 * for 5 s before the load, taken off), the figure that depends least on what else runs on a shared machine.
 */
import autocannon from 'autocannon';
import { cpuSecondsOf, freePort, startServer, stopServer } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.tmp/bench-pages-data';
const TARGET_RPS = 1000;
/** The server's own work with no request (jobs, polling), sampled before the load and taken off its CPU a request. */
const IDLE_SECONDS = 5;
/** One request before the load: bounded, so a server that never answers ends the bench with a message. */
const REQUEST_TIMEOUT_MS = 120_000;

const HEADERS = { accept: 'text/html', 'accept-encoding': 'br' };

async function get(url: string): Promise<Response> {
  const res = await fetch(url, { headers: HEADERS, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res;
}

async function profilePath(base: string): Promise<string> {
  const index = await (await get(`${base}/sitemaps/providers-1.xml`)).text();
  const loc = /<loc>([^<]+)<\/loc>/.exec(index)?.[1];
  if (!loc) throw new Error('the sitemap lists no provider');
  return new URL(loc).pathname;
}

export async function runPagesServerBenchmark(): Promise<boolean> {
  const port = await freePort();
  console.log(`Starting the server (data in ${DATA_DIR}; the first run seeds it, a minute or two)…`);
  const server = await startServer(port, { SERVE_CLIENT: 'true', DATA_DIR, PUBLIC_URL: `http://127.0.0.1:${port}` }, 600);
  try {
    const base = `http://127.0.0.1:${port}`;
    const path = await profilePath(base);
    // The first request renders the page into the cache; the second shows it is served from there.
    await (await get(`${base}${path}`)).arrayBuffer();
    const cached = await get(`${base}${path}`);
    await cached.arrayBuffer();
    console.log(`profile ${path}: ${cached.headers.get('x-page-cache')} (${cached.headers.get('content-encoding')})`);
    const idleStart = cpuSecondsOf(server.pid);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpuBefore = cpuSecondsOf(server.pid);
    const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS });
    const cpuAfter = cpuSecondsOf(server.pid);
    const rps = result.requests.average;
    const errors = result.non2xx + result.errors + result.timeouts;
    let cpu = '';
    if (idleStart !== undefined && cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) {
      const idlePerSecond = (cpuBefore - idleStart) / IDLE_SECONDS;
      const perRequestMs = ((cpuAfter - cpuBefore - idlePerSecond * SECONDS) * 1000) / result.requests.total;
      cpu = `, server CPU ${perRequestMs.toFixed(2)} ms a request (idle ${(idlePerSecond * 1000).toFixed(0)} ms/s taken off)`;
    }
    console.log(
      `cached profile page, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(rps)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors, ${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s${cpu}`,
    );
    const ok = rps >= TARGET_RPS && errors === 0;
    console.log(`${ok ? 'target met   ' : 'target missed'}  ≥ ${TARGET_RPS} requests/s with no error`);
    return ok;
  } finally {
    await stopServer(server);
  }
}
