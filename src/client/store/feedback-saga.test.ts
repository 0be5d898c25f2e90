import { errorCatalogue } from '@/generated/errors';
import { ApiError } from '../api/errors';
import { fakeServices, settle, storeWith } from '@tests/fixtures/services';
import { authEmailEntered } from './auth/slice';
import { otpSubmitted } from './auth/sign-in';

describe('feedback toasts', () => {
  it('shows a sign-in problem (a wrong code) as an error toast with the catalogue sentence', async () => {
    const services = fakeServices();
    services.auth.verifyEmailOtp.mockRejectedValue(
      new ApiError('http', 'verifyEmailOtp', 401, {
        text: errorCatalogue.OTP_INVALID.message,
        errorCode: 'OTP_INVALID',
        fieldErrors: [],
        fromSchedulingSystem: false,
      }),
    );
    const store = storeWith(services);
    store.dispatch(authEmailEntered('jordan.rivera@example.com'));
    store.dispatch(otpSubmitted({ otp: '000000' }));
    await settle();
    expect(store.getState().toasts.items).toEqual([expect.objectContaining({ kind: 'error', text: errorCatalogue.OTP_INVALID.message })]);
  });
});
