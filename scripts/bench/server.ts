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
 * Starts the server on `port` with these variables (API only, warnings only): from source through tsx, or with
 * `built` the bundle `npm start` runs (dist/server/main.js, made by `npm run build:server`). Resolves once
 * /api/health answers; rejects as soon as the server process ends before that (a missing build, a taken port: its
 * error is on stderr above), so a bench never waits out `waitSeconds` for a server that is gone.
 * BENCH_SERVER_NODE_ARGS adds Node options to the server, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof` to profile it
 * (the profile is written when the bench stops the server).
 */
export async function startServer(port: number, env: Record<string, string>, waitSeconds = 180, built = false): Promise<ChildProcess> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const entry = built ? [join('dist', 'server', 'main.js')] : ['--import', 'tsx', 'src/server/main.ts'];
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SERVE_CLIENT: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  while (performance.now() - started < waitSeconds * 1000) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server stopped (${child.signalCode ?? `exit code ${child.exitCode}`}) before answering /api/health; its error is above`);
    }
    try {
      // Bounded: a server that accepts the connection but never answers must not hold the bench.
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (res.ok) {
        console.log(`the server answered after ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopServer(child);
  throw new Error(`the server did not start within ${waitSeconds} s`);
}

/**
 * Stops a server started by startServer and waits until its process has ended (it closes its database, so the
 * next server on the same data starts clean). A server still running `graceSeconds` after SIGTERM is killed and
 * said so: a bench ends either way (a child process alive keeps this process alive).
 */
export async function stopServer(server: ChildProcess, graceSeconds = 60): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceSeconds * 1000);
  });
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    console.error(`the server had not stopped ${graceSeconds} s after SIGTERM: killed`);
    server.kill('SIGKILL');
    await exited;
  }
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
