/** Providers, profiles, filters, practices, geo, business partners and the API documentation. */
import { endpoints } from '@/generated/api';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { errorCatalogue } from '@/generated/errors';
import { type ProviderOut, conforms, get, startMarketplaceApp, t } from './marketplace-world';

startMarketplaceApp();

describe('providers, profiles and filters', () => {
  it('lists providers by practice', async () => {
    const anyone = (await get('/api/providers')).json();
    conforms('listProviders', anyone);
    const practiceId = anyone.items[0].practice.id;
    const res = (await get(`/api/providers?practiceId=${practiceId}`)).json();
    expect(res.items.length).toBeGreaterThan(0);
    for (const p of res.items as ProviderOut[]) expect(p.practice.id).toBe(practiceId);
  });

  it('answers a profile by id and by friendly URL', async () => {
    const p = (await get('/api/providers/search?state_code=GA')).json().items[0] as ProviderOut;
    const byId = await get(`/api/providers/profile?providerId=${p.id}`);
    conforms('getProviderProfile', byId.json());
    const slug = p.providerSlugs[0]!;
    expect(slug.path).toBe(`/${slug.type}/${slug.state}/${slug.slug}`);
    const bySlug = await get(`/api/providers/profile?type=${slug.type}&state=${slug.state}&slug=${slug.slug}`);
    expect(bySlug.json().id).toBe(p.id);
    expect((await get(`/api/providers/profile?type=${slug.type}&state=zz&slug=${slug.slug}`)).statusCode).toBe(404);
    expect((await get('/api/providers/profile?providerId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers 204 with the removal reason for a removed provider, and never finds it', async () => {
    const [removed] = await t.db.database.query<{ id: string; removed_reason: string; state: string }>(
      'SELECT id, removed_reason, licensed_states[1] AS state FROM providers WHERE removed_reason IS NOT NULL LIMIT 1',
    );
    const res = await get(`/api/providers/profile?providerId=${removed!.id}`);
    expect(res.statusCode).toBe(204);
    expect(enums.providerRemovalReason.values).toContain(res.headers['x-provider-removal-reason']);
    expect((await get(`/api/providers/${removed!.id}/availability`)).statusCode).toBe(404);
  });

  it('lists filters with descriptions, narrowed to a state', async () => {
    const all = (await get('/api/providers/filters')).json();
    conforms('getProviderFilters', all);
    const types = new Set((all.items as { type: string }[]).map((f) => f.type));
    for (const type of enums.filterType.values) expect(types).toContain(type);
    const me = (await get('/api/providers/filters?stateCode=ME')).json();
    expect(me.items.length).toBeGreaterThan(0);
    expect(me.items.length).toBeLessThanOrEqual(all.items.length);
  });

  it('lists practices in real cities', async () => {
    const res = (await get('/api/practices?stateCode=OH')).json();
    conforms('listPractices', res);
    expect(res.items.map((p: { city: string }) => p.city)).toEqual(expect.arrayContaining(['Columbus', 'Cleveland', 'Cincinnati']));
  });
});

describe('geo', () => {
  it('answers the time zone of a point, zone id first', async () => {
    expect((await get('/api/geo-timezone?latitude=40.7128&longitude=-74.006')).json()[0]).toBe('America/New_York');
    expect((await get('/api/geo-timezone?latitude=34.05&longitude=-118.24')).json()[0]).toBe('America/Los_Angeles');
    expect((await get('/api/geo-timezone?latitude=95&longitude=0')).statusCode).toBe(400);
  });

  it('geocodes a zip code or a city, and says when it cannot', async () => {
    expect((await get('/api/geocode?query=78701')).json()).toMatchObject({ status: 'OK', result: { city: 'Austin', state: 'TX', zip: '78701' } });
    expect((await get('/api/geocode?query=Columbus%2C%20OH')).json()).toMatchObject({ status: 'OK', result: { city: 'Columbus', state: 'OH' } });
    expect((await get('/api/geocode?query=00000')).json()).toEqual({ status: 'ZERO_RESULTS' });
    expect((await get(`/api/geocode?query=${encodeURIComponent('<img src=x>')}`)).statusCode).toBe(400);
  });
});

describe('business partners', () => {
  it('lists partners by offset and limit', async () => {
    const res = (await get('/api/business-partners?offset=1&limit=2')).json();
    conforms('listBusinessPartners', res);
    expect(res).toMatchObject({ total: constants.partnerPhoneLines.length, offset: 1, limit: 2 });
    expect(res.items).toHaveLength(2);
    expect((await get('/api/business-partners?offset=50')).json()).toMatchObject({ items: [], total: constants.partnerPhoneLines.length });
    expect((await get(`/api/business-partners?limit=${constants.maxListLimit + 1}`)).statusCode).toBe(400);
  });

  it('finds a partner by code, whatever its case, with the converted B2B details', async () => {
    const res = (await get('/api/business-partners/partnershipCode/acme-eap')).json();
    conforms('getBusinessPartnerByCode', res);
    expect(res.b2bDetails).toMatchObject({ partnerId: res.partner.id, isB2BUser: true, keyword: 'ACME-EAP', channelType: res.partner.channelType });
    const missing = await get('/api/business-partners/partnershipCode/NOPE');
    expect(missing.json()).toMatchObject({ errorCode: 'PARTNERSHIP_CODE_INVALID', message: errorCatalogue.PARTNERSHIP_CODE_INVALID.message });
  });

  it('validates a code against a partner name', async () => {
    const name = (await get('/api/business-partners/partnershipCode/ACME-EAP')).json().partner.name as string;
    expect((await get(`/api/business-partners/validate-code-by-name?code=ACME-EAP&partnerName=${encodeURIComponent(name)}`)).json().valid).toBe(true);
    expect((await get(`/api/business-partners/validate-code-by-name?code=HARBOR-HEALTH&partnerName=${encodeURIComponent(name)}`)).json()).toEqual({
      valid: false,
    });
  });
});

describe('the API documentation', () => {
  it('lists every endpoint with its schemas', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    const ops = new Set(Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((m) => m.operationId)));
    for (const id of Object.keys(endpoints)) expect(ops).toContain(id);
  });
});
