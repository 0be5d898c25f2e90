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
import { isSeeded, SEED_KEY } from './key';
import { dbNow, first, qb, run, sql } from '../typed';

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
      const user = await first(
        tx,
        qb
          .insertInto('users')
          .values({
            email: a.email,
            first_name: a.firstName,
            last_name: a.lastName,
            user_type: a.userType,
            groups: [...a.groups],
            business_partner_id: partnerId,
            is_partner_association_active: partnerId !== null && a.userType === 'patient',
            date_of_birth: a.dateOfBirth ?? null,
            dob_check_required: a.dobCheckRequired ?? false,
            provider_id: providerId,
            email_verified_at: dbNow,
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .returning('id'),
      );
      if (user && providerId) {
        // The demo clinician is this provider: the marketplace shows the provider under the clinician's name.
        const name = sql<string>`${a.firstName}::text || ' ' || ${a.lastName}::text`;
        await run(
          tx,
          qb
            .updateTable('providers')
            .set({
              first_name: a.firstName,
              last_name: a.lastName,
              slug: sql<string>`lower(regexp_replace(${a.firstName}::text || '-' || ${a.lastName}::text || '-' || left(id::text, 6), '[^a-zA-Z0-9-]', '', 'g'))`,
              about: sql<string>`replace(replace(about, first_name || ' ' || last_name, ${name}), first_name || ' works', ${a.firstName}::text || ' works')`,
            })
            .where('id', '=', providerId),
        );
      }
      if (!user || a.userType !== 'patient') continue;
      const people = [
        { firstName: a.firstName, lastName: a.lastName, dateOfBirth: a.dateOfBirth ?? null, gender: null, relationship: 'Self', email: a.email },
        ...(a.dependants ?? []).map((d) => ({ ...d, email: null })),
      ];
      for (const p of people) {
        await run(
          tx,
          qb.insertInto('patients').values({
            user_id: user.id,
            first_name: p.firstName,
            last_name: p.lastName,
            date_of_birth: p.dateOfBirth,
            gender: p.gender,
            relationship: p.relationship,
            email: p.email,
          }),
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
    if (database.kind === 'postgres') await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(${SEED_LOCK})`.as('locked')));
    if (await isSeeded(tx)) return false;
    const context: SeedContext = { providers, now };
    for (const step of steps) await step.run(tx, context);
    await run(
      tx,
      qb.insertInto('app_meta').values({ key: SEED_KEY, value: JSON.stringify({ steps: steps.map((s) => s.name), providers, at: now.toISOString() }) }),
    );
    return true;
  });
  if (seeded) {
    // Fresh rows have no planner statistics until autovacuum comes by; queries need them now.
    await database.exec('ANALYZE');
    await refreshAvailabilitySummary(database, now);
  }
  return seeded;
}
