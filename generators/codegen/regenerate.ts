/** specs/ → src/generated/ in this process: `npm run generate` once, `npm run dev` on every spec change (memo.ts keeps the slow steps). */
import { join } from 'node:path';
import { loadSpecs } from './load';
import { buildGeneratedFiles, writeGenerated } from './generate';

export interface Regenerated {
  specs: number;
  files: number;
  written: string[];
  removed: string[];
}

/** Validates specDir and writes what changed into outDir; throws SpecError naming every problem. */
export async function regenerate(root: string, specDir = join(root, 'specs'), outDir = join(root, 'src/generated')): Promise<Regenerated> {
  const bundle = loadSpecs(specDir);
  const files = await buildGeneratedFiles(bundle, root);
  const { written, removed } = writeGenerated(outDir, files);
  return { specs: bundle.files.length, files: files.size, written, removed };
}
