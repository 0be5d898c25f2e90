/** Fetching the next screen's code when the browser is idle (preload.ts). */
import { preloadPathWhenIdle, whenIdle } from './preload';

const loaded: string[] = [];
jest.mock('@/generated/client/screens', () => ({
  screenLoaders: {
    userBookingPayment: () => {
      loaded.push('userBookingPayment');
      return Promise.resolve({ default: () => null });
    },
  },
}));

beforeEach(() => {
  loaded.length = 0;
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('preloading on idle', () => {
  it("fetches an address's screen once the browser is idle, not before", () => {
    preloadPathWhenIdle('/app/bookings/user/payment?providerId=1&slotId=2');
    expect(loaded).toEqual([]);
    jest.runAllTimers();
    expect(loaded).toEqual(['userBookingPayment']);
  });

  it('fetches nothing for an address without a screen, or once cancelled', () => {
    preloadPathWhenIdle('/no/such/page');
    const cancel = preloadPathWhenIdle('/app/bookings/user/payment');
    cancel();
    jest.runAllTimers();
    expect(loaded).toEqual([]);
  });

  it('runs idle work once', () => {
    const work = jest.fn();
    whenIdle(work);
    jest.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
