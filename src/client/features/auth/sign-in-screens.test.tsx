/**
 * The sign-in screens with the real store and sagas (API calls faked): what each shows, what it
 * sends, and the spec's messages for a wrong code, a used link and a date of birth to confirm.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { ApiError } from '@/client/api/errors';
import { flagsServed } from '@/client/store/flags/slice';
import { authEmailEntered } from '@/client/store/auth/slice';
import { fakeServices, storeWith, type FakeServices } from '@tests/fixtures/services';
import LoginPage from './LoginPage';
import VerifyOtpPage from './VerifyOtpPage';
import MagicLinkLoginPage from './MagicLinkLoginPage';
import LoginEmailSentPage from './LoginEmailSentPage';

const email = 'jordan.rivera@example.com';
const token = 'A'.repeat(43);
// The browser only reads the token (the API verifies it): an unsigned one does here.
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = async (groups: string[]) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', email, groups, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
const session = async (groups: string[], extra: Record<string, unknown> = {}) => ({
  accessToken: await tokenFor(groups),
  tokenType: 'Bearer' as const,
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  user: { id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email, userType: 'patient' as const },
  groups,
  ...extra,
});
const apiError = (code: keyof typeof errorCatalogue) =>
  new ApiError('http', 'x', errorCatalogue[code].status, { text: errorCatalogue[code].message, errorCode: code, fieldErrors: [], fromSchedulingSystem: false });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
  services.auth.clientConfig.mockResolvedValue({});
});

function renderAt(path: string, options: { otpFlag?: 'on' | 'off' } = {}) {
  const store = storeWith(services);
  store.dispatch(flagsServed({ traffic: 'anonymous', variants: { emailOtpLogin: { name: options.otpFlag ?? 'on', enabled: true } } }));
  let go: (p: string) => void = () => undefined;
  services.navigate.mockImplementation((p: string) => go(p));
  const ui = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routeById.login.path} element={<LoginPage />} />
          <Route path={routeById.verifyOtp.path} element={<VerifyOtpPage />} />
          <Route path={routeById.loginEmailSent.path} element={<LoginEmailSentPage />} />
          <Route path={routeById.magicLinkLogin.path} element={<MagicLinkLoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
        <RouterNavigate onReady={(n) => (go = n)} />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ui };
}

function RouterNavigate({ onReady }: { onReady: (n: (p: string) => void) => void }) {
  const navigate = useNavigate();
  onReady((p) => void navigate(p));
  return null;
}

describe('sign-in with a one-time code', () => {
  it('sends a code to the address and asks for it, then signs in and lands on the patient dashboard', async () => {
    services.auth.sendEmailOtp.mockResolvedValue({ sent: true, expiresInMinutes: 10 });
    services.auth.verifyEmailOtp.mockResolvedValue(await session(['patient']));
    const user = aPerson();
    renderAt(routeById.login.path);
    await user.type(screen.getByLabelText(/mail/i), email);
    await user.click(screen.getByRole('button', { name: message('ui.login.sendCode') }));
    await screen.findByRole('heading', { name: message('ui.verifyOtp.heading') });
    expect(services.auth.sendEmailOtp).toHaveBeenCalledWith({ email });
    expect(screen.getByText(message('ui.verifyOtp.text', { email }))).toBeTruthy();
    await user.type(screen.getByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() => expect(services.auth.verifyEmailOtp).toHaveBeenCalledWith({ email, otp: '123456' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(routeById.patientHome.path));
  });

  it('keeps showing the code it checked while a signed-in clinician is taken to their schedule, never "no address"', async () => {
    services.auth.verifyEmailOtp.mockResolvedValue(await session(['clinicians']));
    const user = aPerson();
    const { store } = renderAt(routeById.verifyOtp.path);
    store.dispatch(authEmailEntered(email));
    // The schedule is slow to open (its code still loading): the navigation has been asked for, not done.
    services.navigate.mockImplementation(() => undefined);
    await user.type(await screen.findByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith(routeById.careSchedule.path, { replace: true }));
    expect(store.getState().auth.status).toBe('authenticated');
    expect(screen.queryByText(message('ui.verifyOtp.noEmail'))).toBeNull();
    expect(screen.getByText(message('ui.verifyOtp.text', { email }))).toBeTruthy();
    expect((screen.getByRole('button', { name: /sign in/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the code with the spec messages before sending it', async () => {
    const user = aPerson();
    const { store } = renderAt(routeById.verifyOtp.path);
    store.dispatch(authEmailEntered(email));
    const submit = await screen.findByRole('button', { name: /sign in/i });
    await user.click(submit);
    expect(await screen.findByText(message('validation.otp.required'))).toBeTruthy();
    await user.type(screen.getByLabelText(/code/i), '123');
    await user.click(submit);
    expect(await screen.findByText(message('validation.otp.length'))).toBeTruthy();
    expect(services.auth.verifyEmailOtp).not.toHaveBeenCalled();
  });

  it('shows the catalogue message for a wrong, expired or used code, and sends a new code on request', async () => {
    services.auth.verifyEmailOtp.mockRejectedValue(apiError('OTP_INVALID'));
    services.auth.sendEmailOtp.mockResolvedValue({ sent: true, expiresInMinutes: 10 });
    const user = aPerson();
    const { store } = renderAt(routeById.verifyOtp.path);
    store.dispatch(authEmailEntered(email));
    await user.type(await screen.findByLabelText(/code/i), '000000');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorCatalogue.OTP_INVALID.message);
    await user.click(screen.getByRole('button', { name: message('ui.verifyOtp.resend') }));
    expect(await screen.findByText(message('ui.verifyOtp.resent', { email }))).toBeTruthy();
    expect(services.auth.sendEmailOtp).toHaveBeenCalledWith({ email, isRetry: true });
  });

  it('without an address to check the code for, sends people to sign in first', () => {
    renderAt(routeById.verifyOtp.path);
    expect(screen.getByText(message('ui.verifyOtp.noEmail'))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.signIn.goToLogin') }).getAttribute('href')).toBe(routeById.login.path);
  });
});

describe('sign-in with a magic link', () => {
  it('sends a link when the one-time-code flag is off, with the page to come back to', async () => {
    services.auth.sendMagicLink.mockResolvedValue({ sent: true, expiresInMinutes: 10 });
    const user = aPerson();
    renderAt(`${routeById.login.path}?redirectTo=${encodeURIComponent('/app/bookings?slotId=9')}`, { otpFlag: 'off' });
    expect(screen.getByText(message('ui.login.redirectNote'))).toBeTruthy();
    await user.type(screen.getByLabelText(/mail/i), email);
    await user.click(screen.getByRole('button', { name: message('ui.login.sendLink') }));
    await screen.findByRole('heading', { name: message('ui.emailSent.heading') });
    expect(services.auth.sendMagicLink).toHaveBeenCalledWith({ email, redirectTo: '/app/bookings?slotId=9' });
    expect(screen.getByText(message('ui.emailSent.text', { email }))).toBeTruthy();
  });

  it('never keeps a redirect that leaves the site', async () => {
    services.auth.sendMagicLink.mockResolvedValue({ sent: true, expiresInMinutes: 10 });
    const user = aPerson();
    renderAt(`${routeById.login.path}?redirectTo=${encodeURIComponent('//evil.example/x')}`, { otpFlag: 'off' });
    await user.type(screen.getByLabelText(/mail/i), email);
    await user.click(screen.getByRole('button', { name: message('ui.login.sendLink') }));
    await waitFor(() => expect(services.auth.sendMagicLink).toHaveBeenCalledWith({ email }));
  });

  it('opens the link once and signs in', async () => {
    services.auth.verifyLoginToken.mockResolvedValue(await session(['patient']));
    renderAt(`${routeById.magicLinkLogin.path}?redirect=true&loginToken=${token}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(routeById.patientHome.path));
    expect(services.auth.verifyLoginToken).toHaveBeenCalledTimes(1);
    expect(services.auth.verifyLoginToken).toHaveBeenCalledWith(token);
  });

  it('says a used or expired link cannot sign in, and offers a new one', async () => {
    services.auth.verifyLoginToken.mockRejectedValue(apiError('LOGIN_LINK_INVALID'));
    renderAt(`${routeById.magicLinkLogin.path}?redirect=true&loginToken=${token}`);
    expect((await screen.findByRole('alert')).textContent).toContain(errorCatalogue.LOGIN_LINK_INVALID.message);
    expect(screen.getByRole('link', { name: message('ui.magicLink.requestNew') }).getAttribute('href')).toBe(routeById.login.path);
  });

  it('asks for the date of birth when the account needs it, and signs in with it', async () => {
    services.auth.verifyLoginToken.mockRejectedValue(apiError('DOB_REQUIRED'));
    services.auth.loginWithToken.mockRejectedValueOnce(apiError('DOB_REQUIRED')).mockResolvedValueOnce(await session(['patient']));
    const user = aPerson();
    renderAt(`${routeById.magicLinkLogin.path}?redirect=true&loginToken=${token}`);
    const dialog = await screen.findByRole('dialog', { name: message('ui.verifyDob.heading') });
    expect(dialog.textContent).toContain(message('ui.verifyDob.text'));
    const dob = screen.getByLabelText('Date of birth');
    await user.type(dob, '1990-04-11');
    await user.click(screen.getByRole('button', { name: /confirm/i }));
    expect((await screen.findByRole('alert')).textContent).toContain(errorCatalogue.DOB_REQUIRED.message);
    await user.clear(dob);
    await user.type(dob, '1990-04-12');
    await user.click(screen.getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(routeById.patientHome.path));
    expect(services.auth.loginWithToken).toHaveBeenLastCalledWith(token, '1990-04-12');
  });

  it('without a token, explains where the page opens from', () => {
    renderAt(`${routeById.magicLinkLogin.path}?redirect=true`);
    expect(screen.getByText(message('ui.magicLink.missingToken'))).toBeTruthy();
    expect(services.auth.verifyLoginToken).not.toHaveBeenCalled();
  });
});

describe('after sign-in', () => {
  it('takes a third-party agent to provider search with the partnership code, and stores the partner details', async () => {
    const b2bDetails = { partnerId: 'p1', partnerName: 'Acme', isB2BUser: true, keyword: 'ACME-EAP' };
    services.auth.verifyLoginToken.mockResolvedValue(
      await session(['third_party_support'], { businessPartner: { id: 'p1', name: 'Acme', partnershipCode: 'ACME-EAP' } }),
    );
    services.auth.partnerByCode.mockResolvedValue({ partner: { id: 'p1', name: 'Acme', partnershipCode: 'ACME-EAP' }, b2bDetails });
    const { store } = renderAt(`${routeById.magicLinkLogin.path}?redirect=true&loginToken=${token}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${routeById.providerSearch.path}?partnershipCode=ACME-EAP`));
    expect(services.auth.partnerByCode).toHaveBeenCalledWith('ACME-EAP');
    expect(store.getState().bookingHelper.b2bUserDetails).toEqual(b2bDetails);
    expect(store.getState().global.searchQuery).toEqual({ partnershipCode: 'ACME-EAP' });
  });

  it('returns to the page the e-mailed link was asked from', async () => {
    services.auth.verifyLoginToken.mockResolvedValue(await session(['patient'], { redirectTo: '/app/bookings?slotId=9' }));
    renderAt(`${routeById.magicLinkLogin.path}?redirect=true&loginToken=${token}`);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/bookings?slotId=9'));
  });
});
