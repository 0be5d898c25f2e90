/**
 * Demo data, inserted on first start only: a database that already holds a seed is left as it
 * is, so restarting never duplicates or resets data. Later parts of the product add their own
 * seed steps here.
 */
import type { Database, Queryable } from '../connection';
import { refreshAvailabilitySummary } from '@/server/marketplace/availability';
import { demoAccounts } from './demo-accounts';
import { DEMO_PROVIDER_COUNT, seedMarketplace, type MarketplaceSeedResult } from './marketplace';
import { seedPatientsInsurance } from './patients-insurance';
import { seedPortalSessions } from './portal-sessions';
import { SEED_KEY } from './key';

const SEED_LOCK = 7_272_602;

export interface SeedContext {
  /** providers in the demo marketplace (npm run seed -- --providers N) */
  providers: number;
  marketplace?: MarketplaceSeedResult;
  /** the moment the demo data is laid out around (slots ahead, sessions past and upcoming): the app's clock */
  now: Date;
}

export interface SeedStep {
  name: string;
  run(tx: Queryable, context: SeedContext): Promise<void>;
}

const seedMarketplaceStep: SeedStep = {
  name: 'marketplace',
  async run(tx, context) {
    context.marketplace = await seedMarketplace(tx, context.providers, context.now);
  },
};

const seedAccounts: SeedStep = {
  name: 'demo accounts',
  async run(tx, context) {
    for (const a of demoAccounts) {
      const partnerId = a.partnershipCode ? (context.marketplace?.partnerIdByCode.get(a.partnershipCode) ?? null) : null;
      const providerId = a.providerIndex !== undefined ? (context.marketplace?.providerIds[a.providerIndex] ?? null) : null;
      const [user] = await tx.query<{ id: string }>(
        `INSERT INTO users (email, first_name, last_name, user_type, groups, business_partner_id, is_partner_association_active,
                            date_of_birth, dob_check_required, provider_id, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [
          a.email,
          a.firstName,
          a.lastName,
          a.userType,
          a.groups,
          partnerId,
          partnerId !== null && a.userType === 'patient',
          a.dateOfBirth ?? null,
          a.dobCheckRequired ?? false,
          providerId,
        ],
      );
      if (user && providerId) {
        // The demo clinician is this provider: the marketplace shows the provider under the clinician's name.
        await tx.query(
          `UPDATE providers SET first_name = $2, last_name = $3,
                  slug = lower(regexp_replace($2 || '-' || $3 || '-' || left(id::text, 6), '[^a-zA-Z0-9-]', '', 'g')),
                  about = replace(replace(about, first_name || ' ' || last_name, $2 || ' ' || $3), first_name || ' works', $2 || ' works')
            WHERE id = $1`,
          [providerId, a.firstName, a.lastName],
        );
      }
      if (!user || a.userType !== 'patient') continue;
      const people = [
        { firstName: a.firstName, lastName: a.lastName, dateOfBirth: a.dateOfBirth ?? null, gender: null, relationship: 'Self', email: a.email },
        ...(a.dependants ?? []).map((d) => ({ ...d, email: null })),
      ];
      for (const p of people) {
        await tx.query(
          'INSERT INTO patients (user_id, first_name, last_name, date_of_birth, gender, relationship, email) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [user.id, p.firstName, p.lastName, p.dateOfBirth, p.gender, p.relationship, p.email],
        );
      }
    }
  },
};

export const seedSteps: SeedStep[] = [seedMarketplaceStep, seedAccounts, seedPatientsInsurance, seedPortalSessions];

/** Seeds an empty database; returns true when it did. */
export async function seedIfEmpty(
  database: Database,
  steps: readonly SeedStep[] = seedSteps,
  providers = DEMO_PROVIDER_COUNT,
  now = new Date(),
): Promise<boolean> {
  const seeded = await database.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const existing = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [SEED_KEY]);
    if (existing.length) return false;
    const context: SeedContext = { providers, now };
    for (const step of steps) await step.run(tx, context);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [
      SEED_KEY,
      JSON.stringify({ steps: steps.map((s) => s.name), providers, at: now.toISOString() }),
    ]);
    return true;
  });
  if (seeded) {
    // Fresh rows have no planner statistics until autovacuum comes by; queries need them now.
    await database.query('ANALYZE');
    await refreshAvailabilitySummary(database, now);
  }
  return seeded;
}
