/**
 * `npm run dev`: the API (restarts on server code changes), the client through Vite (hot reload),
 * and specs/ watched: a changed spec regenerates src/generated, which both pick up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
const children: ChildProcess[] = [];

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

function generate(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'generators/codegen/cli.ts', 'generate'], { stdio: 'inherit' });
    child.on('exit', () => resolve());
  });
}

async function main(): Promise<void> {
  await generate();
  let timer: NodeJS.Timeout | undefined;
  watch('specs', { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void generate(), 150);
  });
  start('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { PORT: apiPort, HOST: '127.0.0.1', SERVE_CLIENT: 'false' });
  start('npx', ['vite', '--port', port, '--strictPort'], { API_PORT: apiPort });
  console.log(`\n  Dev: app at http://localhost:${port} (API on ${apiPort}); edit specs/ or src/ and the app reloads.\n`);
}

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
void main();
