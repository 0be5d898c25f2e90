import { openTestDatabase } from '@tests/support/database';
import { seedIfEmpty, seedSteps } from '.';
import { demoAccounts } from './demo-accounts';

describe('demo accounts', () => {
  it('include a clinician who is a San Antonio provider in Central time, besides the Eastern-time demo clinician', async () => {
    const t = await openTestDatabase();
    try {
      // Enough providers for every city of the catalogue's first states to have its first practice's provider.
      expect(await seedIfEmpty(t.database, seedSteps, 16)).toBe(true);
      const clinicians = await t.database.query<{ email: string; city: string; state: string; time_zone: string }>(
        `SELECT u.email, pr.city, pr.state, p.time_zone FROM users u JOIN providers p ON p.id = u.provider_id JOIN practices pr ON pr.id = p.practice_id
          WHERE u.user_type = 'clinician' ORDER BY u.email`,
      );
      const central = demoAccounts.find((a) => a.role === 'Central-time clinician')!;
      expect(clinicians).toContainEqual({ email: central.email, city: 'San Antonio', state: 'TX', time_zone: 'America/Chicago' });
      expect(clinicians).toContainEqual(expect.objectContaining({ email: 'morgan.lee@example.com', time_zone: 'America/New_York' }));
    } finally {
      await t.close();
    }
  });
});
