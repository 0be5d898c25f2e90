import { createRequire } from 'node:module';
import { join } from 'node:path';

interface FakeTest {
  path: string;
  duration?: number;
  context: { config: { cache: boolean }; hasteFS: { getSize(path: string): number } };
}
interface Sequencer {
  recorded: Record<string, number>;
  sort(tests: FakeTest[]): FakeTest[];
}
const LongestFirst = createRequire(__filename)('../support/test-sequencer.cjs') as new (options: object) => Sequencer;

describe('the jest steps start their longest files first', () => {
  const root = join(__dirname, '..', '..');
  const sizes: Record<string, number> = {};
  const test = (path: string, size: number): FakeTest => {
    sizes[join(root, path)] = size;
    return { path: join(root, path), context: { config: { cache: false }, hasteFS: { getSize: (p) => sizes[p] ?? 0 } } };
  };

  it('orders by recorded duration, longest first, then files with no figure by size, largest first', () => {
    const sequencer = new LongestFirst({});
    sequencer.recorded = { 'tests/integration/short.test.ts': 5, 'tests/integration/long.test.ts': 120 };
    const order = sequencer
      .sort([
        test('src/big.int.test.ts', 9000),
        test('tests/integration/short.test.ts', 100),
        test('src/small.int.test.ts', 800),
        test('tests/integration/long.test.ts', 50),
      ])
      .map((t) => t.path.slice(root.length + 1));
    expect(order).toEqual(['tests/integration/long.test.ts', 'tests/integration/short.test.ts', 'src/big.int.test.ts', 'src/small.int.test.ts']);
  });

  it('reads the recorded durations from tests/durations.json', () => {
    const recorded = new LongestFirst({}).recorded;
    expect(recorded['tests/integration/no-5xx.test.ts']).toBeGreaterThan(0);
  });
});
