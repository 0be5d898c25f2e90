/** For component tests of the patient dashboard: the screen kit, and a session of the test patient. */
import type { Session } from './sessions/session-data';

export { httpError, renderScreen, testUser, type Call, type FakeAnswer } from '@tests/support/screen-kit';

export const zone = 'America/New_York';
export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A booked session of the test patient, tomorrow, changed by `over`. */
export function sessionFixture(over: Partial<Session> = {}): Session {
  const start = over.start ?? inHours(24);
  return {
    id: '11111111-1111-4111-8111-111111111111',
    status: 'booked',
    start,
    end: new Date(new Date(start).getTime() + 50 * 60_000).toISOString(),
    slotId: '22222222-2222-4222-8222-222222222222',
    appointmentMode: 'online',
    counselingType: 'Individual Counseling',
    counselingTypeId: null,
    joinUrl: '/app/visit/room',
    timeZone: zone,
    provider: { id: '33333333-3333-4333-8333-333333333333', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: zone },
    practice: { id: '44444444-4444-4444-8444-444444444444', name: 'Riverside', addressLine1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215' },
    patients: [{ id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', isNew: false }],
    payment: null,
    selfPay: false,
    amountDueCents: 0,
    createdAt: inHours(-100),
    ...over,
  } as Session;
}
