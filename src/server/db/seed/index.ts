/**
 * Demo data, inserted on first start only: a database that already holds a seed is left as it
 * is, so restarting never duplicates or resets data. Later parts of the product add their own
 * seed steps here.
 */
import type { Database, Queryable } from '../connection';
import { demoAccounts } from './demo-accounts';

const SEED_KEY = 'seed';
const SEED_LOCK = 7_272_602;

export interface SeedStep {
  name: string;
  run(tx: Queryable): Promise<void>;
}

const seedAccounts: SeedStep = {
  name: 'demo accounts',
  async run(tx) {
    for (const a of demoAccounts) {
      await tx.query(
        `INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email) DO NOTHING`,
        [a.email, a.firstName, a.lastName, a.userType, a.groups],
      );
    }
  },
};

export const seedSteps: SeedStep[] = [seedAccounts];

/** Seeds an empty database; returns true when it did. */
export async function seedIfEmpty(database: Database, steps: readonly SeedStep[] = seedSteps): Promise<boolean> {
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const existing = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [SEED_KEY]);
    if (existing.length) return false;
    for (const step of steps) await step.run(tx);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [SEED_KEY, JSON.stringify({ steps: steps.map((s) => s.name), at: new Date().toISOString() })]);
    return true;
  });
}
