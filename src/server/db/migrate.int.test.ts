import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, pgliteTemplate } from '@tests/support/database';
import { openDatabase } from './connection';
import { migrate, migrationsDir, readMigrations } from './migrate';
import { seedIfEmpty, seedSteps } from './seed';
import { demoAccounts } from './seed/demo-accounts';

describe('migrations and seed', () => {
  it('applies every migration once; running again changes nothing', async () => {
    const t = await openTestDatabase({ migrate: false });
    try {
      expect(await migrate(t.database)).toEqual(readMigrations().map((m) => m.name));
      expect(await migrate(t.database)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('appointment_insurance turns appointments.insurance_id into a reference to an insurance on file: what names none becomes NULL', async () => {
    const t = await openTestDatabase({ migrate: false });
    const before = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      // The schema as it was before, with appointments that name an insurance as free text.
      const target = readMigrations().find((m) => m.name.endsWith('_appointment_insurance'))!;
      for (const m of readMigrations().filter((m) => m.id < target.id)) copyFileSync(join(migrationsDir, `${m.name}.sql`), join(before, `${m.name}.sql`));
      await migrate(t.database, before);
      const db = t.database;
      const [user] = await db.query<{ id: string }>(
        "INSERT INTO users (email, first_name, last_name, user_type) VALUES ('old.booking@example.com', 'Old', 'Booking', 'patient') RETURNING id",
      );
      const [patient] = await db.query<{ id: string }>(
        "INSERT INTO patients (user_id, first_name, last_name, relationship) VALUES ($1, 'Old', 'Booking', 'Self') RETURNING id",
        [user!.id],
      );
      const [practice] = await db.query<{ id: string }>(
        "INSERT INTO practices (name, address_line1, city, state, zipcode, latitude, longitude, time_zone) VALUES ('P', '1 Main St', 'Austin', 'TX', '78701', 30.27, -97.74, 'America/Chicago') RETURNING id",
      );
      const [provider] = await db.query<{ id: string }>(
        `INSERT INTO providers (first_name, last_name, title, gender, slug, about, pay_individual, practice_id, time_zone, licensed_states)
         VALUES ('Pat', 'Doe', 'LPC', 'female', 'pat-doe', 'About', 100, $1, 'America/Chicago', '{TX}') RETURNING id`,
        [practice!.id],
      );
      const [carrier] = await db.query<{ id: number }>("INSERT INTO insurance_carriers (code, name) VALUES ('OLD', 'Old Carrier') RETURNING id");
      const [plan] = await db.query<{ id: number }>("INSERT INTO insurance_plans (carrier_id, name) VALUES ($1, 'Old Plan') RETURNING id", [carrier!.id]);
      const [insurance] = await db.query<{ id: string }>(
        "INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id) VALUES ($1, $2, $3, 'M-1') RETURNING id",
        [patient!.id, carrier!.id, plan!.id],
      );
      const stored = ['INS-TEST-1', randomUUID(), insurance!.id.toUpperCase(), null];
      for (const [i, value] of stored.entries()) {
        await db.query(
          `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, insurance_id, app_source, booked_by)
           VALUES ($1, $2, $3, tstzrange(now() + make_interval(days => $4::int), now() + make_interval(days => $4::int, hours => 1)), 'online', 'Individual Counseling',
                   'America/Chicago', false, $5, 'patient_web', $1)`,
          [user!.id, provider!.id, practice!.id, i + 1, value],
        );
      }

      expect(await migrate(t.database)).toEqual(
        readMigrations()
          .filter((m) => m.id >= target.id)
          .map((m) => m.name),
      );
      const after = async () =>
        (await db.query<{ insurance_id: string | null }>('SELECT insurance_id FROM appointments ORDER BY lower(during)')).map((r) => r.insurance_id);
      expect(await after()).toEqual([null, null, insurance!.id, null]);
      // Only an insurance on file may be named from now on, and deleting one leaves its appointments without it.
      await expect(db.query('UPDATE appointments SET insurance_id = $1', [randomUUID()])).rejects.toThrow(/foreign key/);
      await db.query('DELETE FROM patient_insurances WHERE id = $1', [insurance!.id]);
      expect(await after()).toEqual([null, null, null, null]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await t.close();
    }
  });

  it('seeds demo accounts once, and never again; puts the keys of slots back exactly as the migrations made them', async () => {
    // The seed sets the keys of slots, and of the tables that refer to it, aside while it loads slots
    // (seed/marketplace.ts); a key left out would let overlapping slots in.
    const keysOfSlots = `SELECT conrelid::regclass::text AS table_name, conname, contype, pg_get_constraintdef(oid) AS definition, convalidated
                           FROM pg_constraint WHERE conrelid = 'slots'::regclass OR confrelid = 'slots'::regclass ORDER BY 1, 2`;
    const t = await openTestDatabase();
    try {
      const migrated = await t.database.query<{ contype: string }>(keysOfSlots);
      expect(migrated.map((k) => k.contype)).toEqual(expect.arrayContaining(['p', 'x', 'f']));
      // A small marketplace keeps this quick; the size does not change what is checked.
      expect(await seedIfEmpty(t.database, seedSteps, 5)).toBe(true);
      expect(await seedIfEmpty(t.database, seedSteps, 5)).toBe(false);
      const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      // The demo accounts, and the patient of the video room's demo session (seed/portal-sessions.ts).
      expect(rows[0]?.n).toBe(demoAccounts.length + 1);

      expect(await t.database.query(keysOfSlots)).toEqual(migrated);
      const [slot] = await t.database.query<{ provider_id: string; practice_id: string; during: string }>(
        'SELECT provider_id, practice_id, during::text FROM slots LIMIT 1',
      );
      await expect(
        t.database.query("INSERT INTO slots (provider_id, practice_id, during, availability_type) VALUES ($1, $2, $3::tstzrange, 'online')", [
          slot!.provider_id,
          slot!.practice_id,
          slot!.during,
        ]),
      ).rejects.toThrow(/slots_provider_id_during_excl/);
    } finally {
      await t.close();
    }
  });
});

// Always PGlite, whichever database the rest of this pass uses: this is about the embedded files.
describe('the embedded database on disk', () => {
  it('keeps its data when reopened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
    try {
      // Migrated already (the run's template, loaded into the folder): migrating is the first test's; this one is about the files.
      const first = await openDatabase({ dataDir: dir, loadDataDir: await pgliteTemplate('migrated') });
      expect(await migrate(first)).toEqual([]);
      await seedIfEmpty(first, seedSteps, 5);
      await first.query("UPDATE users SET first_name = 'Remembered' WHERE email = $1", [demoAccounts[0]!.email]);
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect(await migrate(second)).toEqual([]);
      expect(await seedIfEmpty(second, seedSteps, 5)).toBe(false);
      const rows = await second.query<{ first_name: string }>('SELECT first_name FROM users WHERE email = $1', [demoAccounts[0]!.email]);
      expect(rows[0]?.first_name).toBe('Remembered');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
