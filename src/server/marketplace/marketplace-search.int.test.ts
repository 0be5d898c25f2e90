/** Provider search, in SQL and from the in-memory index. */
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { refreshAvailabilitySummary } from './availability';
import { filterCatalogue } from './filters';
import { criteriaFromQuery, searchProviders, searchProvidersInDatabase } from './search';
import { SearchIndex } from './search-index';
import type { SearchProvidersQuery } from '@/generated/entities';
import { type ProviderOut, conforms, get, startMarketplaceApp, t } from './marketplace-world';

startMarketplaceApp();

describe('provider search', () => {
  it('finds only providers licensed in the state, a page at a time, in the spec shape', async () => {
    const first = await get('/api/providers/search?state_code=TX');
    expect(first.statusCode).toBe(200);
    conforms('searchProviders', first.json());
    const { items, total, pageSize } = first.json() as { items: ProviderOut[]; total: number; pageSize: number };
    expect(pageSize).toBe(constants.pageSize);
    expect(items).toHaveLength(constants.pageSize);
    expect(total).toBeGreaterThan(constants.pageSize);
    for (const p of items) expect(p.licensedStates).toContain('TX');
    const second = (await get('/api/providers/search?state_code=TX&page=2')).json() as { items: ProviderOut[]; total: number };
    expect(second.total).toBe(total);
    expect(second.items.map((p) => p.id)).not.toEqual(expect.arrayContaining(items.map((p) => p.id)));
    const last = Math.ceil(total / constants.pageSize);
    const beyond = (await get(`/api/providers/search?state_code=TX&page=${last + 1}`)).json();
    expect(beyond).toMatchObject({ items: [], total });
  });

  it('matches any value of one filter type and every type together', async () => {
    const spanish = (await get('/api/providers/search?state_code=CA&language=Spanish')).json().items as ProviderOut[];
    expect(spanish.length).toBeGreaterThan(0);
    for (const p of spanish) expect(p.filters).toContainEqual(expect.objectContaining({ type: 'language', value: 'Spanish' }));
    const either = (await get('/api/providers/search?state_code=CA&language=Spanish&language=Mandarin')).json().total;
    expect(either).toBeGreaterThanOrEqual((await get('/api/providers/search?state_code=CA&language=Spanish')).json().total);
    const both = (await get('/api/providers/search?state_code=CA&language=Spanish&counseling_type=Medication%2FPsychiatry&gender=Female')).json()
      .items as ProviderOut[];
    for (const p of both) {
      expect(p.filters).toContainEqual(expect.objectContaining({ type: 'counseling_type', value: 'Medication/Psychiatry' }));
      expect(p.filters).toContainEqual(expect.objectContaining({ type: 'gender', value: 'Female' }));
    }
  });

  it('finds nobody for a value no provider has, and treats SQL in a value as text', async () => {
    expect((await get('/api/providers/search?state_code=TX&area_of_concern=Astrology')).json()).toMatchObject({ items: [], total: 0 });
    expect((await get(`/api/providers/search?state_code=TX&tag=${encodeURIComponent("x' OR 'a' LIKE 'a")}`)).json()).toMatchObject({ items: [], total: 0 });
    const script = await get(`/api/providers/search?state_code=TX&language=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(script.statusCode).toBe(400);
    expect(script.json().errors[0]).toMatchObject({ field: 'language.0', keyword: 'pattern' });
  });

  it('orders by distance from a zip code or a point', async () => {
    const res = (await get('/api/providers/search?state_code=TX&location=78701')).json();
    expect(res.orderBy).toBe('distance');
    const miles = (res.items as ProviderOut[]).map((p) => p.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThan(10);
    const byPoint = (await get('/api/providers/search?state_code=TX&latitude=30.27&longitude=-97.74&orderBy=distance')).json();
    expect(byPoint.items[0].id).toBe(res.items[0].id);
    expect((await get('/api/providers/search?state_code=TX&location=Nowhere%2C%20ZZ')).json().errorCode).toBe('LOCATION_NOT_FOUND');
  });

  it('orders by most available', async () => {
    const counts = ((await get('/api/providers/search?state_code=FL&orderBy=most_available')).json().items as ProviderOut[]).map((p) => p.openSlotCount!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('filters by time of day and session type in the provider time zone', async () => {
    const items = (await get('/api/providers/search?state_code=AZ&time_of_day=early_morning&availability_type=in_person')).json().items as ProviderOut[];
    expect(items.length).toBeGreaterThan(0);
    for (const p of items.slice(0, 3)) {
      const slots = (
        await get(
          `/api/providers/${p.id}/availability?timeOfDay=early_morning&availabilityType=in_person&startDate=${new Date().toISOString().slice(0, 10)}&endDate=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}`,
        )
      ).json().slots;
      expect(slots.length).toBeGreaterThan(0);
    }
  });

  it('filters by accepted plan and partner clients', async () => {
    const [plan] = await t.db.database.query<{ id: number }>('SELECT id FROM insurance_plans WHERE is_medicaid ORDER BY id LIMIT 1');
    const res = (await get(`/api/providers/search?state_code=TX&insurance=${plan!.id}&b2b_client=true`)).json();
    const ids = (res.items as ProviderOut[]).map((p) => p.id);
    const rows = await t.db.database.query<{ ok: boolean }>(
      'SELECT ($1::int = ANY(plan_ids) AND accepts_b2b) AS ok FROM providers WHERE id = ANY($2::uuid[])',
      [plan!.id, ids],
    );
    expect(rows.every((r) => r.ok)).toBe(true);
  });

  it('reserves intake supply for members of reserving partners', async () => {
    const reserve = 5;
    const base = '/api/providers/search?state_code=TX&orderBy=most_available';
    const open = (await get(base)).json();
    const reserved = (await get(`${base}&should_reserve_intake_supply=true&business_partner_tier_threshold=${reserve}`)).json();
    expect(reserved.items[0].openSlotCount).toBe(open.items[0].openSlotCount - reserve);
    const everyone: ProviderOut[] = [];
    for (let page = 1; page <= Math.ceil(open.total / constants.pageSize); page += 1) everyone.push(...(await get(`${base}&page=${page}`)).json().items);
    const n = everyone.filter((p) => p.openSlotCount! > reserve).length;
    expect(reserved.total).toBe(n);
    const premier = (await get(`${base}&should_reserve_intake_supply=true&business_partner_tier_threshold=${reserve}&partnership_code=ACME-EAP`)).json();
    expect(premier.total).toBe(open.total);
    const standard = (await get(`${base}&should_reserve_intake_supply=true&business_partner_tier_threshold=${reserve}&partnership_code=NORTHSTAR-U`)).json();
    expect(standard.total).toBe(reserved.total);
    expect((await get(`${base}&partnership_code=ACME-EAP&business_partner_tier_name=standard`)).json().errorCode).toBe('PARTNER_TIER_MISMATCH');
    expect((await get(`${base}&partnership_code=NOT-A-CODE`)).statusCode).toBe(errorCatalogue.PARTNERSHIP_CODE_INVALID.status);
    const minimum = (await get(`${base}&total_available_intakes=40`)).json();
    for (const p of minimum.items as ProviderOut[]) expect(p.openSlotCount).toBeGreaterThanOrEqual(40);
  });

  it('never lists a provider who is not taking new clients (seeded so for a few), and lists them again once they are', async () => {
    const db = t.db.database;
    const searched = async (state: string) => {
      const ids: string[] = [];
      const catalogue = await filterCatalogue(db);
      for (let page = 1; ; page += 1) {
        const query = { state_code: state, page } as SearchProvidersQuery;
        const { items, total } = await searchProvidersInDatabase(db, criteriaFromQuery(query, undefined, 0), catalogue);
        ids.push(...items.map((p) => p.id));
        if (ids.length >= total || !items.length) return ids;
      }
    };
    const [full] = await db.query<{ id: string; state: string }>(
      'SELECT id, licensed_states[1] AS state FROM providers WHERE NOT accepting_new_patients AND removed_at IS NULL ORDER BY id LIMIT 1',
    );
    expect(full).toBeDefined();
    expect(await searched(full!.state)).not.toContain(full!.id);

    await db.query('UPDATE providers SET accepting_new_patients = true WHERE id = $1', [full!.id]);
    try {
      await refreshAvailabilitySummary(db, new Date(), [full!.id]);
      expect(await searched(full!.state)).toContain(full!.id);
    } finally {
      await db.query('UPDATE providers SET accepting_new_patients = false WHERE id = $1', [full!.id]);
      await refreshAvailabilitySummary(db, new Date(), [full!.id]);
    }
    expect(await searched(full!.state)).not.toContain(full!.id);
  });

  it('never lists a provider without an open time in the search window, in SQL or from the index; lists them again once they have one', async () => {
    const db = t.db.database;
    const catalogue = await filterCatalogue(db);
    const [one] = await db.query<{ provider_id: string; state_code: string }>(
      'SELECT provider_id, state_code FROM provider_search WHERE open_slots > 0 ORDER BY provider_id LIMIT 1',
    );
    const listed = async () => {
      const ids = { sql: [] as string[], index: [] as string[] };
      const index = await SearchIndex.load(db);
      for (let page = 1; ; page += 1) {
        const criteria = criteriaFromQuery({ state_code: one!.state_code, page } as SearchProvidersQuery, undefined, 0);
        const fromSql = await searchProvidersInDatabase(db, criteria, catalogue);
        const fromIndex = await searchProviders(db, criteria, catalogue, index);
        ids.sql.push(...fromSql.items.map((p) => p.id));
        ids.index.push(...fromIndex.items.map((p) => p.id));
        // Every card listed has a next available time.
        for (const p of [...fromSql.items, ...fromIndex.items]) expect(p.firstAvailableSlot).toBeTruthy();
        if (!fromSql.items.length) return ids;
      }
    };
    expect(await listed()).toEqual({ sql: expect.arrayContaining([one!.provider_id]), index: expect.arrayContaining([one!.provider_id]) });
    // As the refresh writes it for a provider whose times are all taken or past the window.
    await db.query('UPDATE provider_search SET open_slots = 0, first_available = NULL WHERE provider_id = $1', [one!.provider_id]);
    try {
      const without = await listed();
      expect(without.sql).not.toContain(one!.provider_id);
      expect(without.index).not.toContain(one!.provider_id);
    } finally {
      await refreshAvailabilitySummary(db, new Date(), [one!.provider_id]);
    }
    expect((await listed()).sql).toContain(one!.provider_id);
  });

  it('requires a valid state and rejects unknown parameters', async () => {
    expect((await get('/api/providers/search')).json().errors[0]).toMatchObject({ field: 'state_code', keyword: 'required' });
    expect((await get('/api/providers/search?state_code=Texas')).statusCode).toBe(400);
    expect((await get('/api/providers/search?state_code=TX&sort=name')).json().errors[0]).toMatchObject({ field: 'sort', keyword: 'additionalProperties' });
    expect((await get('/api/providers/search?state_code=TX&page=0')).statusCode).toBe(400);
  });
});

describe('the in-memory search index', () => {
  it('is what the API answers from once loaded', () => {
    expect(t.app.searchIndex()).toBeInstanceOf(SearchIndex);
  });

  it("lets refreshes that meet (a whole one, one provider's) take turns instead of inserting rows twice", async () => {
    const db = t.db.database;
    const [one] = await db.query<{ provider_id: string }>('SELECT provider_id FROM provider_search LIMIT 1');
    const rowsBefore = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_search');
    const now = new Date();
    await Promise.all([refreshAvailabilitySummary(db, now), refreshAvailabilitySummary(db, now, [one!.provider_id]), refreshAvailabilitySummary(db, now)]);
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_search')).toEqual(rowsBefore);
  });

  it('sees any change of provider_search as a new version, so every process reloads its index', async () => {
    const db = t.db.database;
    const before = await SearchIndex.version(db);
    expect((await SearchIndex.load(db)).version).toBe(before);
    const [one] = await db.query<{ provider_id: string }>('SELECT provider_id FROM provider_search LIMIT 1');
    await refreshAvailabilitySummary(db, new Date(), [one!.provider_id]);
    const afterRefresh = await SearchIndex.version(db);
    expect(afterRefresh).not.toBe(before);
    await db.query('UPDATE provider_search SET open_slots = open_slots WHERE provider_id = $1', [one!.provider_id]);
    expect(await SearchIndex.version(db)).not.toBe(afterRefresh);
  });

  it('keeps each answer it serialized until the index is reloaded, and serves it as the same JSON', async () => {
    const index = await SearchIndex.load(t.db.database);
    const made: string[] = [];
    const answer = (body: string) => async () => {
      made.push(body);
      return body;
    };
    const text = async (body: Promise<Buffer>) => (await body).toString('utf8');
    expect(await text(index.response('TX page 1', answer('first')))).toBe('first');
    expect(await text(index.response('TX page 1', answer('second')))).toBe('first');
    expect(await text(index.response('TX page 2', answer('third')))).toBe('third');
    expect(made).toEqual(['first', 'third']);
    const reloaded = await SearchIndex.load(t.db.database);
    expect(await text(reloaded.response('TX page 1', answer('fourth')))).toBe('fourth');

    const first = await get('/api/providers/search?state_code=TX&language=Spanish');
    const again = await get('/api/providers/search?language=Spanish&state_code=TX');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    conforms('searchProviders', first.json());
    expect((await get('/api/providers/search?state_code=TX&language=Spanish&page=2')).body).not.toBe(first.body);

    // One kept answer a language: the same search asked in Spanish describes the cards' filters in Spanish.
    const spanish = await t.app.inject({ method: 'GET', url: '/api/providers/search?state_code=TX&language=Spanish', headers: { 'accept-language': 'es' } });
    expect(spanish.body).not.toBe(first.body);
    const englishFilter = (body: string) =>
      (JSON.parse(body) as { items: { filters: { type: string; value: string; description: string | null }[] }[] }).items
        .flatMap((p) => p.filters)
        .find((f) => f.type === 'language' && f.value === 'English')?.description;
    expect(englishFilter(spanish.body)).toBe('Sesiones en inglés.');
    expect(englishFilter(first.body)).toBe('Sessions in English.');
  });

  it("names the filter catalogue in the request's language, the values the same in every language", async () => {
    type Items = { items: { type: string; value: string; displayValue: string; description: string | null }[] };
    const english = (await get('/api/providers/filters')).json<Items>().items;
    const spanish = (await t.app.inject({ method: 'GET', url: '/api/providers/filters', headers: { 'accept-language': 'es' } })).json<Items>().items;
    expect(spanish.map((f) => f.value)).toEqual(english.map((f) => f.value));
    const anxiety = (items: Items['items']) => items.find((f) => f.type === 'area_of_concern' && f.value === 'Anxiety');
    expect(anxiety(english)).toMatchObject({ displayValue: 'Anxiety', description: 'Worry, panic and fear that get in the way of daily life.' });
    expect(anxiety(spanish)).toMatchObject({ displayValue: 'Ansiedad', description: 'Preocupación, pánico y miedo que interfieren en la vida diaria.' });
  });

  it('gives the same pages and totals as the search in SQL', async () => {
    const db = t.db.database;
    const index = await SearchIndex.load(db);
    const catalogue = await filterCatalogue(db);
    const austin = { latitude: 30.27, longitude: -97.74 };
    const cases: [SearchProvidersQuery, typeof austin | undefined, number][] = [
      [{ state_code: 'TX' }, undefined, 0],
      [{ state_code: 'TX', page: 2 }, undefined, 0],
      [{ state_code: 'TX', orderBy: 'distance' }, austin, 0],
      [{ state_code: 'TX', page: 3 }, austin, 0],
      [{ state_code: 'CA', language: ['Spanish', 'Korean'], time_of_day: ['evening'] }, undefined, 0],
      [
        { state_code: 'FL', counseling_type: ['Medication/Psychiatry'], availability_type: ['in_person'], gender: ['Female'] },
        { latitude: 25.76, longitude: -80.19 },
        0,
      ],
      [{ state_code: 'OH', area_of_concern: ['Anxiety'], insurance_id: ['AETNA', 'CIGNA'], b2b_client: true }, undefined, 3],
      [{ state_code: 'GA', client_age_group: ['14-17'], tag: ['Evening hours'], total_available_intakes: 10 }, undefined, 0],
      [{ state_code: 'TX', area_of_concern: ['Astrology'] }, undefined, 0],
      [{ state_code: 'ME', page: 50 }, undefined, 0],
    ];
    for (const [query, point, reserve] of cases) {
      const criteria = criteriaFromQuery(query, point, reserve);
      const fromSql = await searchProvidersInDatabase(db, criteria, catalogue);
      const fromIndex = await searchProviders(db, criteria, catalogue, index);
      expect({ query, total: fromIndex.total, ids: fromIndex.items.map((p) => p.id) }).toEqual({
        query,
        total: fromSql.total,
        ids: fromSql.items.map((p) => p.id),
      });
      fromIndex.items.forEach((p, i) => {
        const other = fromSql.items[i]!;
        expect(p.openSlotCount).toBe(other.openSlotCount);
        expect(p.firstAvailableSlot).toBe(other.firstAvailableSlot);
        if (other.distanceMiles === null) expect(p.distanceMiles).toBeNull();
        else expect(p.distanceMiles).toBeCloseTo(other.distanceMiles!, 1);
      });
    }
  });
});
