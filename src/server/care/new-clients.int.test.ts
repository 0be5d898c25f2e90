/** Taking new clients: the clinician and the clinical admin say so; search follows at once. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import type { SearchProvidersQuery } from '@/generated/entities';
import { filterCatalogue } from '../marketplace/filters';
import { criteriaFromQuery, searchProvidersInDatabase } from '../marketplace/search';

let t: TestApp;
let clinician: TestCaller;
let admin: TestCaller;
let provider: { id: string; state: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  admin = await callerFor(t.app, 'casey.nguyen@example.com');
  [provider] = (await t.app.database.query<typeof provider>(
    'SELECT p.id, p.licensed_states[1] AS state FROM providers p JOIN users u ON u.provider_id = p.id WHERE u.id = $1',
    [clinician.id],
  )) as [typeof provider];
}, 180_000);
afterAll(async () => t?.close());

/** Every provider id search lists in the state (the SQL search, what the in-memory index answers too). */
async function listed(state: string): Promise<string[]> {
  const db = t.app.database;
  const catalogue = await filterCatalogue(db);
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const query = { state_code: state, page } as SearchProvidersQuery;
    const { items, total } = await searchProvidersInDatabase(db, criteriaFromQuery(query, undefined, 0), catalogue);
    ids.push(...items.map((p) => p.id));
    if (ids.length >= total || !items.length) return ids;
  }
}

const availability = async () => (await t.app.inject({ method: 'GET', url: '/api/care/availability', headers: clinician.headers })).json();
const saveNewClients = (acceptingNewPatients: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/care/new-clients', headers: clinician.headers, payload: { acceptingNewPatients } });

describe('taking new clients', () => {
  it('the clinician turns it off and search stops listing them; on again, listed again; audited', async () => {
    expect((await availability()).provider.acceptingNewPatients).toBe(true);
    expect(await listed(provider.state)).toContain(provider.id);

    const off = await saveNewClients(false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ acceptingNewPatients: false });
    expect((await availability()).provider.acceptingNewPatients).toBe(false);
    expect(await listed(provider.state)).not.toContain(provider.id);
    expect((await auditRows(t.app, "action = 'saveCareNewClients' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'provider',
      record_id: provider.id,
      outcome: 'success',
    });

    expect((await saveNewClients(true)).json()).toEqual({ acceptingNewPatients: true });
    expect(await listed(provider.state)).toContain(provider.id);
  });

  it('refuses anything but true or false with 400, changing nothing', async () => {
    const res = await saveNewClients('no');
    expect(res.statusCode).toBe(400);
    expect((await availability()).provider.acceptingNewPatients).toBe(true);
  });

  it("the clinical admin says it on the provider's profile; a profile saved without it leaves it as it is", async () => {
    const url = `/api/care/admin/providers/${provider.id}`;
    const read = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    const { acceptingNewPatients, ...profile } = read.json().profile;
    expect(acceptingNewPatients).toBe(true);

    const off = await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { ...profile, acceptingNewPatients: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().profile.acceptingNewPatients).toBe(false);
    expect(await listed(provider.state)).not.toContain(provider.id);

    const without = await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: profile });
    expect(without.json().profile.acceptingNewPatients).toBe(false);

    await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { ...profile, acceptingNewPatients: true } });
    expect(await listed(provider.state)).toContain(provider.id);
  });
});
