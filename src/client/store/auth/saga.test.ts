import { SignJWT } from 'jose';
import { fakeServices, settle, storeWith, type FakeServices } from '../../../../tests/fixtures/services';
import { destinationPaths, loginPath } from '../../runtime/navigation/places';
import { authInitialized, authRedirectSet, logoutRequested, sessionExpired, signedIn } from './slice';

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret');
const token = (groups: string[], expiresInSeconds = 3600) =>
  new SignJWT({ groups, email: 'sam@example.com', userType: 'support' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds).sign(secret);
const user = { id: 'u1', firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com', userType: 'support' as const };

let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
});

describe('auth saga', () => {
  it('starts loading, and becomes anonymous without a stored token', async () => {
    const store = storeWith(services);
    expect(store.getState().auth.status).toBe('loading');
    store.dispatch(authInitialized());
    await settle();
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('becomes authenticated from a stored token, with permissions from its groups', async () => {
    const stored = await token(['support', 'software_devs']);
    services.session.token.mockReturnValue(stored);
    const store = storeWith(services);
    store.dispatch(authInitialized());
    await settle();
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', permissions: { isSupportUser: true, isSoftwareDev: true, isSupportOrThirdParty: true, isPatient: false } });
  });

  it('clears an expired token and stays anonymous', async () => {
    services.session.token.mockReturnValue(await token(['patient'], -60));
    const store = storeWith(services);
    store.dispatch(authInitialized());
    await settle();
    expect(store.getState().auth.status).toBe('anonymous');
    expect(services.session.clear).toHaveBeenCalled();
  });

  it.each([
    [['clinicians'], 'careSchedule'],
    [['support'], 'supportDashboard'],
    [['devops_admin'], 'supportDashboard'],
    [['third_party_support'], 'providerSearch'],
    [['clinical_admin'], 'loginDashboard'],
    [['patient'], 'patientDashboardHome'],
  ] as const)('sends groups %j to the %s after sign-in', async (groups, destination) => {
    const accessToken = await token([...groups]);
    const store = storeWith(services);
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: [...groups] }));
    await settle();
    expect(services.session.store).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('authenticated');
    expect(services.navigate).toHaveBeenCalledWith(destinationPaths[destination], { replace: true });
  });

  it('returns a patient to the page that asked for sign-in, but a clinician always to the schedule', async () => {
    const store = storeWith(services);
    store.dispatch(authRedirectSet('/app/bookings?slotId=1'));
    store.dispatch(signedIn({ accessToken: await token(['patient']), tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: ['patient'] }));
    await settle();
    expect(services.navigate).toHaveBeenLastCalledWith('/app/bookings?slotId=1', { replace: true });
    store.dispatch(authRedirectSet('/app/bookings?slotId=1'));
    store.dispatch(signedIn({ accessToken: await token(['clinicians']), tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: ['clinicians'] }));
    await settle();
    expect(services.navigate).toHaveBeenLastCalledWith(destinationPaths.careSchedule, { replace: true });
  });

  it('logout clears the stored credentials and goes to login', async () => {
    services.session.token.mockReturnValue(await token(['patient']));
    const store = storeWith(services);
    store.dispatch(authInitialized());
    store.dispatch(logoutRequested());
    await settle();
    expect(services.session.clear).toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('anonymous');
    expect(services.navigate).toHaveBeenCalledWith(loginPath, { replace: true });
  });

  it('an expired session clears credentials and goes to login, remembering the page', async () => {
    const store = storeWith(services);
    store.dispatch(sessionExpired({ returnTo: '/app/patient/dashboard/billing' }));
    await settle();
    expect(services.session.clear).toHaveBeenCalled();
    const [path] = services.navigate.mock.calls[0]!;
    expect(path.startsWith(`${loginPath}?`)).toBe(true);
    expect(new URLSearchParams(path.split('?')[1]).get('redirectTo')).toBe('/app/patient/dashboard/billing');
  });
});
