/** Open slots of a provider, one slot, the first available. */
import { constants } from '@/generated/constants';
import { earliestSearchStart, timeOfDayOf } from '@/domain/slots';
import { type ProviderOut, conforms, get, startMarketplaceApp, t } from './marketplace-world';

startMarketplaceApp();

describe('slots', () => {
  let provider: ProviderOut;
  beforeAll(async () => {
    provider = (await get('/api/providers/search?state_code=TX&orderBy=most_available')).json().items[0];
  });

  it('lists open slots in the provider time zone, from the earliest allowed start', async () => {
    const res = await get(`/api/providers/${provider.id}/availability`);
    conforms('getProviderAvailability', res.json());
    const { slots, timeZone } = res.json() as { slots: { start: string; timeOfDay: string }[]; timeZone: string };
    expect(timeZone).toBe(provider.timeZone);
    expect(slots.length).toBeGreaterThan(0);
    const earliest = earliestSearchStart(new Date(), timeZone);
    for (const s of slots) {
      expect(new Date(s.start) >= earliest).toBe(true);
      expect(s.timeOfDay).toBe(timeOfDayOf(new Date(s.start), timeZone));
    }
  });

  it('filters by time of day, session type and counseling type', async () => {
    const evening = (await get(`/api/slots/get?providerId=${provider.id}&timeOfDay=evening&availabilityType=online`)).json().slots;
    for (const s of evening) expect(s).toMatchObject({ timeOfDay: 'evening', availabilityType: 'online' });
    const [med] = await t.db.database.query<{ id: string }>('SELECT id FROM providers WHERE offers_medication AND removed_at IS NULL LIMIT 1');
    const medication = (await get(`/api/slots/get?providerId=${med!.id}&counselingType=Medication%2FPsychiatry`)).json().slots;
    expect(medication.length).toBeGreaterThan(0);
    for (const s of medication) expect(s.isMedication).toBe(true);
  });

  it('answers one slot by id, however far ahead, while it is open (a booking resumed from its address)', async () => {
    const { slots } = (await get(`/api/slots/get?providerId=${provider.id}`)).json() as { slots: { id: string; start: string }[] };
    const last = slots[slots.length - 1]!;
    const [later] = await t.db.database.query<{ id: string }>(
      `SELECT s.id FROM slots s WHERE s.provider_id = $1 AND lower(s.during) > $2::timestamptz + interval '20 days'
          AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.slot_id = s.id) ORDER BY lower(s.during) LIMIT 1`,
      [provider.id, last.start],
    );
    for (const id of [last.id, ...(later ? [later.id] : [])]) {
      const one = (await get(`/api/slots/get?providerId=${provider.id}&slotId=${id}`)).json();
      conforms('getSlots', one);
      expect(one.slots.map((s: { id: string }) => s.id)).toEqual([id]);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/slots/get?providerId=${provider.id}&slotId=${unknown}`)).json().slots).toEqual([]);
    expect((await get(`/api/slots/get?providerId=${provider.id}&slotId=not-an-id`)).statusCode).toBe(400);
  });

  it('refuses a reversed or too long date range', async () => {
    const reversed = await get(`/api/slots/get?providerId=${provider.id}&startDate=2030-02-01&endDate=2030-01-01`);
    expect(reversed.json().errorCode).toBe('DATE_RANGE_INVALID');
    const long = await get(`/api/slots/get?providerId=${provider.id}&startDate=2030-01-01&endDate=2030-06-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().description).toContain(String(constants.slotListMaxDays));
  });

  it('first available slot is the first slot the listing shows', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = (await get(`/api/slots/first-available-slot?providerId=${provider.id}&providerId=${unknown}`)).json();
    conforms('getFirstAvailableSlot', res);
    const listed = (await get(`/api/slots/get?providerId=${provider.id}`)).json().slots;
    expect(res.items).toEqual([
      { providerId: provider.id, slot: listed[0] },
      { providerId: unknown, slot: null },
    ]);
  });
});
