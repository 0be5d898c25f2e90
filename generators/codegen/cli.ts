/**
 * npm run generate | specs:validate | specs:check | specs:docs
 * SPECS_DIR and GENERATED_DIR let tests run the pipeline on a copy.
 */
import { resolve } from 'node:path';
import { loadSpecs } from './load';
import { SpecError } from './problems';
import { buildGeneratedFiles, diffGenerated } from './generate';
import { regenerate } from './regenerate';
import { copyOf } from './locales';

async function main(): Promise<number> {
  const command = process.argv[2] ?? 'generate';
  const root = resolve(process.env.PROJECT_ROOT ?? process.cwd());
  const specDir = resolve(root, process.env.SPECS_DIR ?? 'specs');
  const outDir = resolve(root, process.env.GENERATED_DIR ?? 'src/generated');

  if (command === 'generate') {
    const { specs, files, written, removed } = await regenerate(root, specDir, outDir);
    console.log(`generate: ${files} files (${written.length} written, ${removed.length} removed) from ${specs} specs`);
    return 0;
  }
  const bundle = loadSpecs(specDir);
  if (command === 'validate') {
    console.log(`specs: ${bundle.files.length} files valid`);
    // Which spec files with copy each language still lacks (their copy shows in the default language).
    const withCopy = bundle.files.filter((f) => copyOf(f.kind, f.data).size > 0);
    for (const [tag, translated] of bundle.translations) {
      const done = new Set(translated.map((t) => t.base.file));
      const missing = withCopy.filter((f) => !done.has(f.file)).map((f) => f.file);
      console.log(
        `${tag}: ${withCopy.length - missing.length} of ${withCopy.length} files with copy translated${missing.length ? `; not yet: ${missing.join(', ')}` : ''}`,
      );
    }
    return 0;
  }
  const files = await buildGeneratedFiles(bundle, root);
  if (command === 'check') {
    const stale = diffGenerated(outDir, files);
    if (stale.length) {
      console.error(`src/generated is out of date with specs/ (run \`npm run generate\` and commit):\n${stale.map((s) => `  - ${s}`).join('\n')}`);
      return 1;
    }
    console.log(`generated code: ${files.size} files up to date`);
    return 0;
  }
  if (command === 'docs') {
    const { writeSpecDocs } = await import('./docs');
    const path = writeSpecDocs(bundle, root);
    console.log(`spec catalogue written to ${path}`);
    return 0;
  }
  console.error(`unknown command "${command}" (generate, validate, check, docs)`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof SpecError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
