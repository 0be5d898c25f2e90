/** What the benchmarks share: the real server in a child process (so the load generator keeps its own event loop), a free port, percentiles. */
import { join } from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts `src/server/main.ts` on the port with these variables (API only, warnings only) and waits for /api/health.
 * BENCH_SERVER_NODE_ARGS adds Node options to the server, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof` to profile it
 * (the profile is written when the bench stops the server).
 */
/**
 * Starts the server on `port`: from source through tsx, or with `built` the bundle `npm start` runs
 * (dist/server/main.js, made by `npm run build:server`).
 */
export async function startServer(port: number, env: Record<string, string>, waitSeconds = 180, built = false): Promise<ChildProcess> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const entry = built ? [join('dist', 'server', 'main.js')] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SERVE_CLIENT: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < waitSeconds * 5; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`the server did not start within ${waitSeconds} s`);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

let clockTicks: number | undefined;

/**
 * CPU seconds (user + system) a process on this machine has used so far, from /proc (Linux); undefined
 * where it cannot be read (another OS, a database on another host). On a machine shared with other
 * work, CPU spent per operation is the figure that does not depend on what else runs.
 */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}
