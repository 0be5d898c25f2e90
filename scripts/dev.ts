/**
 * `npm run dev`: the API (restarts on server code changes), the client through Vite (hot reload),
 * and specs/ watched: a changed spec regenerates src/generated in this process (no new process per
 * change; generators/codegen/memo.ts redoes only what the change touches), and Vite's hot reload
 * shows it in the open page. `npm run bench:authoring` times that path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { regenerate } from '../generators/codegen/regenerate';
import { SpecError } from '../generators/codegen/problems';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
const children: ChildProcess[] = [];
const bin = (name: string) => `node_modules/.bin/${name}`;

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

/** One regeneration at a time; changes that arrive meanwhile are taken in one more run. */
let running: Promise<void> | undefined;
let again = false;

async function generateOnce(): Promise<void> {
  const started = performance.now();
  try {
    const { written, removed } = await regenerate(process.cwd());
    const changed = [...written, ...removed];
    const ms = Math.round(performance.now() - started);
    console.log(`specs: ${changed.length ? `src/generated/${changed.length === 1 ? changed[0] : `{${changed.join(',')}}`}` : 'nothing to change'} (${ms} ms)`);
  } catch (err) {
    // A spec being typed is often invalid for a moment: say why, keep watching.
    console.error(err instanceof SpecError ? err.message : err);
  }
}

function generate(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await generateOnce();
    } while (again);
    running = undefined;
  })();
  return running;
}

async function main(): Promise<void> {
  await generate();
  let timer: NodeJS.Timeout | undefined;
  // Editors save in bursts (write, rename, chmod): one run a little after the last event.
  watch('specs', { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void generate(), 30);
  });
  start(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { PORT: apiPort, HOST: '127.0.0.1', SERVE_CLIENT: 'false' });
  start(bin('vite'), ['--port', port, '--strictPort'], { API_PORT: apiPort });
  console.log(`\n  Dev: app at http://localhost:${port} (API on ${apiPort}); edit specs/ or src/ and the app reloads.\n`);
}

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
void main();
