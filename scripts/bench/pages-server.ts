/**
 * `npm run bench:pages:server`: how many requests a second the server answers for a
 * cached provider profile page, as a phone asks for it (Accept-Encoding: br). Starts the real server
 * (client served, embedded database in BENCH_DATA_DIR, seeded on the first run), takes a profile
 * from the sitemap, renders it once, then loads it with autocannon. Target: ≥ 1,000 requests/s.
 */
import autocannon from 'autocannon';
import { freePort, startServer } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.tmp/bench-pages-data';
const TARGET_RPS = 1000;

async function profilePath(base: string): Promise<string> {
  const index = await (await fetch(`${base}/sitemaps/providers-1.xml`)).text();
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
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    const first = await fetch(`${base}${path}`, { headers });
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
    const cached = await fetch(`${base}${path}`, { headers });
    console.log(`profile ${path}: ${cached.headers.get('x-page-cache')} (${cached.headers.get('content-encoding')})`);
    const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: SECONDS, headers });
    const rps = result.requests.average;
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(
      `cached profile page, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(rps)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors, ${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`,
    );
    const ok = rps >= TARGET_RPS && errors === 0;
    console.log(`${ok ? 'target met   ' : 'target missed'}  ≥ ${TARGET_RPS} requests/s with no error`);
    return ok;
  } finally {
    server.kill();
  }
}
