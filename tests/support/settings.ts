/**
 * A count a test reads from the environment (how many property cases to run, e.g. NO_5XX_CASES), or its
 * default when unset. Anything else than a whole number of at least 1 stops the file, naming the setting, rather
 * than running a property zero times (a test that cannot fail).
 */
export function countSetting(name: string, fallback: number): number {
  const setting = process.env[name];
  if (setting === undefined || setting === '') return fallback;
  const n = Number(setting);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not "${setting}"`);
  return n;
}
