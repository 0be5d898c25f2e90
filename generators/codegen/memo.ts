/**
 * Answers kept by input within one process: `npm run dev` regenerates in-process on every spec change,
 * and the slow steps (parsing YAML, compiling schemas, writing types and validators) then redo only
 * what a changed file touches. A one-shot `npm run generate` gains nothing and loses nothing.
 */
const spaces = new Map<string, Map<string, unknown>>();
/** Entries a space keeps; past it the space starts again (a long dev session never grows without end). */
const MAX_ENTRIES = 2000;

/** The value `make` gives for this key (its JSON), made once per process. */
export function memo<T>(space: string, key: unknown, make: () => T): T {
  let entries = spaces.get(space);
  if (!entries) spaces.set(space, (entries = new Map()));
  const k = typeof key === 'string' ? key : JSON.stringify(key);
  if (entries.has(k)) return entries.get(k) as T;
  const value = make();
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(k, value);
  return value;
}
