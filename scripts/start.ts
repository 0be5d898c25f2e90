/**
 * `npm start`: build quietly (one line; the build's output goes to a log, shown when the build
 * fails), then serve the built server. The server prints its banner (address, mailbox, demo accounts) once it answers.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const logFile = join('.tmp', 'build.log');

async function build(): Promise<boolean> {
  mkdirSync('.tmp', { recursive: true });
  const log = createWriteStream(logFile);
  const started = Date.now();
  process.stdout.write(`Building the app (log: ${logFile}) …`);
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    // Some tools colour their errors whatever the environment says: keep the log plain text.
    const plain = (chunk: Buffer) => log.write(stripVTControlCharacters(String(chunk)));
    child.stdout.on('data', plain);
    child.stderr.on('data', plain);
    child.on('error', (err) => {
      log.write(`could not run npm: ${err.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
  await new Promise((resolve) => log.end(resolve));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (ok) {
    process.stdout.write(` done in ${seconds} s\n`);
    return true;
  }
  process.stdout.write(` FAILED after ${seconds} s\n\n`);
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  const shown = lines.slice(-200);
  if (shown.length < lines.length) console.error(`… (${lines.length - shown.length} earlier lines in ${logFile})`);
  console.error(shown.join('\n'));
  console.error(`\nThe build failed; its whole output is in ${logFile}.`);
  return false;
}

/**
 * Serves the built server (dist/server, one ES-module bundle of src/server made by `npm run build:server`)
 * in a process of its own with plain Node: no TypeScript compiler loaded at run time, which held about
 * 100 MB of an idle server's memory (npm run bench:memory). Signals are passed on; its exit is ours.
 */
function serve(): void {
  const server = spawn(process.execPath, [join('dist', 'server', 'main.js')], { stdio: 'inherit', env: process.env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

if (await build()) {
  serve();
} else {
  process.exitCode = 1;
}
