import { fakeServices, settle, storeWith, type FakeServices } from '@tests/fixtures/services';
import { destinationPaths, loginPath } from '@/client/runtime/navigation/places';
import { authInitialized, authRedirectSet, logoutRequested, sessionExpired, signedIn } from './slice';

const user = { id: 'u1', firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com', userType: 'support' as const };
/** What GET /auth/session answers for a signed-in session (the token itself is an HttpOnly cookie). */
const current = (groups: string[], bookingOnly = false) => ({
  signedIn: true as const,
  user,
  groups,
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  bookingOnly,
});
/** The token of a sign-in answer: the browser never reads it. */
const accessToken = 'opaque-to-the-browser';

let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
});

describe('auth saga', () => {
  it('starts loading, and becomes anonymous when the server says nobody is signed in', async () => {
    const store = storeWith(services);
    expect(store.getState().auth.status).toBe('loading');
    store.dispatch(authInitialized());
    await settle();
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it("becomes authenticated from the server's session answer, with permissions from its groups", async () => {
    services.session.current.mockResolvedValue(current(['support', 'software_devs']));
    const store = storeWith(services);
    store.dispatch(authInitialized());
    await settle();
    expect(store.getState().auth).toMatchObject({
      status: 'authenticated',
      user,
      permissions: { isSupportUser: true, isSoftwareDev: true, isSupportOrThirdParty: true, isPatient: false },
    });
    expect(store.getState().auth.bookingOnly).toBeUndefined();
  });

  it('knows a skip-e-mail session is for its booking only', async () => {
    services.session.current.mockResolvedValue(current(['patient'], true));
    const store = storeWith(services);
    store.dispatch(authInitialized());
    await settle();
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', bookingOnly: true });
  });

  it('keeps a sign-in that happened while the server was still answering who is signed in', async () => {
    let answer: (value: { signedIn: false }) => void = () => undefined;
    services.session.current.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const store = storeWith(services);
    store.dispatch(authInitialized());
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: ['patient'] }));
    await settle();
    answer({ signedIn: false });
    await settle();
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it.each([
    [['clinicians'], 'careSchedule'],
    [['support'], 'supportDashboard'],
    [['devops_admin'], 'supportDashboard'],
    [['third_party_support'], 'providerSearch'],
    [['clinical_admin'], 'loginDashboard'],
    [['patient'], 'patientDashboardHome'],
  ] as const)('sends groups %j to the %s after sign-in', async (groups, destination) => {
    const store = storeWith(services);
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: [...groups] }));
    await settle();
    expect(store.getState().auth.status).toBe('authenticated');
    expect(services.navigate).toHaveBeenCalledWith(destinationPaths[destination], { replace: true });
  });

  it('returns a patient to the page that asked for sign-in, but a clinician always to the schedule', async () => {
    const store = storeWith(services);
    store.dispatch(authRedirectSet('/app/bookings?slotId=1'));
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: ['patient'] }));
    await settle();
    expect(services.navigate).toHaveBeenLastCalledWith('/app/bookings?slotId=1', { replace: true });
    store.dispatch(authRedirectSet('/app/bookings?slotId=1'));
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3600_000).toISOString(), user, groups: ['clinicians'] }));
    await settle();
    expect(services.navigate).toHaveBeenLastCalledWith(destinationPaths.careSchedule, { replace: true });
  });

  it("opens the page it goes to in the account's language when that is not this page's, and in place when it is", async () => {
    const store = storeWith(services);
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    store.dispatch(authRedirectSet('/app/bookings?slotId=1'));
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt, user, groups: ['patient'], language: 'es' }));
    await settle();
    expect(services.openInLanguage).toHaveBeenCalledWith('/app/bookings?slotId=1', 'es');
    expect(services.navigate).not.toHaveBeenCalled();
    store.dispatch(signedIn({ accessToken, tokenType: 'Bearer', expiresAt, user, groups: ['patient'], language: 'en-US' }));
    await settle();
    expect(services.openInLanguage).toHaveBeenCalledTimes(1);
    expect(services.navigate).toHaveBeenCalledTimes(1);
  });

  it('logout ends the session on the server (which clears its cookie) and goes to login', async () => {
    services.session.current.mockResolvedValue(current(['patient']));
    const store = storeWith(services);
    store.dispatch(authInitialized());
    await settle();
    store.dispatch(logoutRequested());
    await settle();
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('anonymous');
    expect(services.navigate).toHaveBeenCalledWith(loginPath, { replace: true });
  });

  it('an expired session becomes anonymous and goes to login, remembering the page', async () => {
    const store = storeWith(services);
    store.dispatch(sessionExpired({ returnTo: '/app/patient/dashboard/billing' }));
    await settle();
    expect(store.getState().auth.status).toBe('anonymous');
    const [path] = services.navigate.mock.calls[0]!;
    expect(path.startsWith(`${loginPath}?`)).toBe(true);
    expect(new URLSearchParams(path.split('?')[1]).get('redirectTo')).toBe('/app/patient/dashboard/billing');
  });
});
