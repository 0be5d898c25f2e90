import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

let cached: string | undefined;

/** The app's version, from package.json. */
export function appVersion(): string {
  cached ??= (JSON.parse(readFileSync(resolve(process.env.PROJECT_ROOT ?? process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}
