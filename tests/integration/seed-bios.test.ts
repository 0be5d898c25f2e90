/**
 * The demo marketplace's provider bios say what the profile's facts say: a video-only provider is not
 * "in Austin, TX, and by video", and the ages in words match the age groups served ("children, teens
 * and adults" only for a provider who sees children and teens).
 */
import { openTestDatabase, type TestDatabase } from '../support/database';

interface BioRow {
  about: string;
  city: string;
  state: string;
  in_person: boolean;
  ages: string[];
}

let db: TestDatabase;
let bios: BioRow[];
beforeAll(async () => {
  db = await openTestDatabase({ state: 'seeded' });
  bios = await db.database.query<BioRow>(
    `SELECT p.about, pr.city, pr.state,
            EXISTS (SELECT 1 FROM filters f WHERE f.id = ANY (p.filter_ids) AND f.type = 'availability_type' AND f.value = 'in_person') AS in_person,
            ARRAY(SELECT f.value FROM filters f WHERE f.id = ANY (p.filter_ids) AND f.type = 'client_age_group') AS ages
       FROM providers p JOIN practices pr ON pr.id = p.practice_id`,
  );
}, 240_000);
afterAll(() => db.close());

describe('seeded provider bios', () => {
  it('place only providers who see clients in person in their city; video-only ones are by video', () => {
    const videoOnly = bios.filter((b) => !b.in_person);
    const inPerson = bios.filter((b) => b.in_person);
    expect(videoOnly.length).toBeGreaterThan(0);
    expect(inPerson.length).toBeGreaterThan(0);
    for (const b of videoOnly) expect(b.about).not.toContain(`in ${b.city}, ${b.state}`);
    for (const b of videoOnly) expect(b.about).toContain('by video');
    for (const b of inPerson) expect(b.about).toContain(`in ${b.city}, ${b.state}, and by video`);
  });

  it('speak of children or teens only for providers who see them', () => {
    for (const b of bios) {
      const children = b.ages.includes('0-5') || b.ages.includes('6-10');
      const teens = b.ages.includes('14-17');
      expect(/\bchildren\b/.test(b.about)).toBe(children);
      expect(/\bteens\b/.test(b.about)).toBe(teens);
    }
  });
});
