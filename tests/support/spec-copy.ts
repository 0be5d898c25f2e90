/** A throw-away copy of specs/ for tests that break or change a spec. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SpecCopy {
  dir: string;
  edit(file: string, change: (text: string) => string): void;
  write(file: string, text: string): void;
  remove(): void;
}

export function copySpecs(): SpecCopy {
  const root = mkdtempSync(join(tmpdir(), 'specs-'));
  const dir = join(root, 'specs');
  cpSync(join(process.cwd(), 'specs'), dir, { recursive: true });
  return {
    dir,
    edit(file, change) {
      const path = join(dir, file);
      writeFileSync(path, change(readFileSync(path, 'utf8')));
    },
    write(file, text) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
