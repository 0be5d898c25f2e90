/**
 * A copy of specs/, changed by a test and generated into a temporary folder, for tests that show
 * a change to a spec file reaching what people see (form messages, API answers) with no code change.
 * Load modules that read the regenerated output inside `jest.isolateModules(Async)` after
 * `useRegenerated`, so they import the temporary src/generated modules instead of the committed ones.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGeneratedFiles, writeGenerated } from '../../generators/codegen/generate';
import { loadSpecs } from '../../generators/codegen/load';
import { copySpecs, type SpecCopy } from './spec-copy';

export interface RegeneratedSpecs {
  copy: SpecCopy;
  /** the temporary src/generated */
  dir: string;
  remove(): void;
}

export async function regenerateSpecs(change: (copy: SpecCopy) => void): Promise<RegeneratedSpecs> {
  const copy = copySpecs();
  change(copy);
  const dir = mkdtempSync(join(tmpdir(), 'generated-'));
  writeGenerated(dir, await buildGeneratedFiles(loadSpecs(copy.dir), process.cwd()));
  // The written form validators import the repository's runtime by a path relative to src/generated.
  const runtime = join(process.cwd(), 'src', 'domain', 'validation', 'standalone-runtime');
  for (const file of readdirSync(join(dir, 'validators'))) {
    const path = join(dir, 'validators', file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(`'../../domain/validation/standalone-runtime'`, JSON.stringify(runtime)));
  }
  return {
    copy,
    dir,
    remove() {
      copy.remove();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Generated modules (paths under src/generated, without extension) to take from the regenerated folder. `messages`
 * brings the regenerated texts the formatter reads too: the message areas' table, every area loaded.
 */
export function useRegenerated(regenerated: RegeneratedSpecs, modules: readonly string[]): void {
  for (const name of modules) {
    const committed = join(process.cwd(), 'src', 'generated', name);
    const replacement = join(regenerated.dir, `${name}.ts`);
    jest.doMock(committed, () => jest.requireActual(replacement));
  }
  if (modules.includes('messages')) {
    const committed = join(process.cwd(), 'src', 'generated', 'message-areas');
    const all = join(regenerated.dir, 'message-areas', 'all.ts');
    jest.doMock(join(committed, 'registry'), () => {
      const registry = jest.requireActual<object>(join(regenerated.dir, 'message-areas', 'registry.ts'));
      jest.requireActual(all);
      return registry;
    });
    // What loads every area (the server's translations/all) loads the regenerated ones, never the committed texts.
    jest.doMock(join(committed, 'all'), () => jest.requireActual(all));
  }
}
