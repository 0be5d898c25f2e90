import Cookies from 'js-cookie';
import { constants } from '../../../generated/constants';
import { bearerToken, clearSession, clearSkipEmailToken, storedImpersonation, storedUser, storeImpersonation, storeSession, storeSkipEmailToken } from './credentials';

const user = { id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' as const, address: { line1: '1 Main St' }, businessPartnerId: 'bp' };
const signIn = (expiresAt: string) => ({ accessToken: 'jwt-1', tokenType: 'Bearer' as const, expiresAt, user, groups: ['patient'] });

afterEach(() => {
  clearSession();
  clearSkipEmailToken();
  window.sessionStorage.clear();
});

describe('credentials in the browser', () => {
  it('keeps the token and only five user fields in cookies', () => {
    storeSession(signIn(new Date(Date.now() + 3600_000).toISOString()));
    expect(Cookies.get(constants.accessTokenCookie)).toBe('jwt-1');
    expect(JSON.parse(Cookies.get(constants.userCookie)!)).toEqual({ id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' });
    expect(storedUser()).toEqual({ id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' });
    expect(bearerToken()).toBe('jwt-1');
  });

  it('lets the cookies expire with the token', () => {
    storeSession(signIn(new Date(Date.now() - 1000).toISOString()));
    expect(Cookies.get(constants.accessTokenCookie)).toBeUndefined();
    expect(Cookies.get(constants.userCookie)).toBeUndefined();
  });

  it('logout removes both cookies', () => {
    storeSession(signIn(new Date(Date.now() + 3600_000).toISOString()));
    clearSession();
    expect(Cookies.get(constants.accessTokenCookie)).toBeUndefined();
    expect(storedUser()).toBeUndefined();
  });

  it('keeps the skip-email token in session storage and uses it when there is no session', () => {
    storeSkipEmailToken('skip-1');
    expect(window.sessionStorage.getItem(constants.skipEmailTokenStorageKey)).toBe('skip-1');
    expect(bearerToken()).toBe('skip-1');
    clearSkipEmailToken();
    expect(bearerToken()).toBeUndefined();
  });

  it('reads impersonation data only when it is complete', () => {
    expect(storedImpersonation()).toBeUndefined();
    storeImpersonation({ providerId: 'p9', ehrProfileCode: 'E1' });
    expect(storedImpersonation()).toEqual({ providerId: 'p9', ehrProfileCode: 'E1' });
    window.sessionStorage.setItem(constants.impersonationStorageKey, '{"providerId":"p9"}');
    expect(storedImpersonation()).toBeUndefined();
  });
});
