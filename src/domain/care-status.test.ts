import { careStatus } from './care-status';

const now = new Date('2030-05-10T15:00:00Z');
const at = (iso: string, status = 'booked', minutes = 50) => ({ status, start: new Date(iso), end: new Date(new Date(iso).getTime() + minutes * 60_000) });

describe('careStatus', () => {
  it('is new without appointments, and when every appointment was cancelled', () => {
    expect(careStatus([], now)).toEqual({ careStatus: 'new', bookedCount: 0, nextAppointmentAt: null, lastAppointmentAt: null });
    expect(careStatus([at('2030-05-20T15:00:00Z', 'cancelled')], now).careStatus).toBe('new');
  });

  it('is in care with a booked appointment to come, naming the nearest', () => {
    const s = careStatus([at('2030-06-01T15:00:00Z'), at('2030-05-20T15:00:00Z'), at('2030-04-01T15:00:00Z')], now);
    expect(s).toEqual({ careStatus: 'in_care', bookedCount: 3, nextAppointmentAt: '2030-05-20T15:00:00.000Z', lastAppointmentAt: '2030-04-01T15:00:00.000Z' });
  });

  it('counts a session under way as to come', () => {
    expect(careStatus([at('2030-05-10T14:30:00Z')], now).careStatus).toBe('in_care');
    expect(careStatus([at('2030-05-10T14:10:00Z')], now).careStatus).toBe('returning');
  });

  it('is returning when all booked appointments are past', () => {
    expect(careStatus([at('2030-03-01T15:00:00Z'), at('2030-04-01T15:00:00Z'), at('2030-06-01T15:00:00Z', 'cancelled')], now)).toMatchObject({
      careStatus: 'returning',
      bookedCount: 2,
      lastAppointmentAt: '2030-04-01T15:00:00.000Z',
      nextAppointmentAt: null,
    });
  });
});
