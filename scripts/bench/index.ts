/** `npm run bench [names...]`: the benchmarks named (all by default), one after another; `npm run bench:search` runs one. */
import { runSearchBenchmark } from './search';
import { runBookingBenchmark } from './booking';
import { runSlotsBenchmark } from './slots';
import { runPagesServerBenchmark } from './pages-server';
import { runPagesLighthouse } from './pages-lighthouse';
import { runAuthoringBenchmark } from './authoring';
import { runMemoryBenchmark } from './memory';

const benchmarks: Record<string, () => Promise<boolean>> = {
  search: runSearchBenchmark,
  booking: runBookingBenchmark,
  slots: runSlotsBenchmark,
  'pages:server': runPagesServerBenchmark,
  pages: runPagesLighthouse,
  authoring: runAuthoringBenchmark,
  memory: runMemoryBenchmark,
};

async function main(): Promise<void> {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(benchmarks);
  const unknown = names.filter((n) => !benchmarks[n]);
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}`);
  const results: [string, boolean][] = [];
  for (const name of names) results.push([name, await benchmarks[name]!()]);
  for (const [name, ok] of results) console.log(`${ok ? 'targets met   ' : 'targets missed'}  ${name}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
