import * as runtimeConstants from '@/generated/constants/runtime';
import * as storageConstants from '@/generated/constants/storage';
import { cookieUser, storedImpersonation, storeImpersonation } from './credentials';

afterEach(() => {
  window.sessionStorage.clear();
});

describe('credentials in the browser', () => {
  it('keeps only the five user fields of a signed-in person', () => {
    const user = {
      id: 'u1',
      firstName: 'Jordan',
      lastName: 'Rivera',
      email: 'jordan.rivera@example.com',
      userType: 'patient' as const,
      address: { line1: '1 Main St' },
      businessPartnerId: 'bp',
    };
    expect(cookieUser(user)).toEqual({ id: 'u1', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' });
  });

  it('keeps no token anywhere scripts can read it', () => {
    // The server sets the session cookie HttpOnly (tests/integration/session-cookie.test.ts); nothing here stores it.
    expect(document.cookie).not.toContain(`${storageConstants.accessTokenCookie}=`);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(Object.keys(window.localStorage)).not.toContain(storageConstants.accessTokenCookie);
  });

  it('reads impersonation data only when it is complete', () => {
    expect(storedImpersonation()).toBeUndefined();
    storeImpersonation({ providerId: 'p9', ehrProfileCode: 'E1' });
    expect(storedImpersonation()).toEqual({ providerId: 'p9', ehrProfileCode: 'E1' });
    window.sessionStorage.setItem(runtimeConstants.impersonationStorageKey, '{"providerId":"p9"}');
    expect(storedImpersonation()).toBeUndefined();
  });
});
