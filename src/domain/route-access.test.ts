import { derivePermissions, NO_PERMISSIONS, routeDecision } from './permissions';
import { postLoginDestination } from './roles';

describe('who may open a route', () => {
  it('opens public routes to everyone, even while auth is loading', () => {
    expect(routeDecision(['anyone'], 'loading', NO_PERMISSIONS)).toBe('open');
  });

  it('waits for auth, then sends visitors to sign in', () => {
    expect(routeDecision(['patient'], 'loading', NO_PERMISSIONS)).toBe('wait');
    expect(routeDecision(['patient'], 'anonymous', NO_PERMISSIONS)).toBe('sign-in');
    expect(routeDecision(['anonymous'], 'anonymous', NO_PERMISSIONS)).toBe('open');
  });

  it("opens a role's route to that role only", () => {
    expect(routeDecision(['support'], 'authenticated', derivePermissions(['support']))).toBe('open');
    expect(routeDecision(['support'], 'authenticated', derivePermissions(['patient']))).toBe('forbidden');
    expect(routeDecision(['patient'], 'authenticated', derivePermissions(['patient', 'support']))).toBe('forbidden');
    expect(routeDecision(['rcd'], 'authenticated', derivePermissions(['rcd']))).toBe('open');
    expect(routeDecision(['authenticated'], 'authenticated', derivePermissions([]))).toBe('open');
  });

  it('sends a signed-in person away from pages for visitors only', () => {
    expect(routeDecision(['anonymous'], 'authenticated', derivePermissions(['patient']))).toBe('signed-in-already');
  });
});

describe('permissions from token groups (product-spec §6)', () => {
  it('derives the flags', () => {
    expect(derivePermissions(['patient'])).toMatchObject({ isPatient: true, isSupportOrThirdParty: false });
    expect(derivePermissions(['patient', 'third_party_support'])).toMatchObject({ isPatient: false, isThirdPartyAgent: true, isSupportOrThirdParty: true });
    expect(derivePermissions(['clinicians', 'support'])).toMatchObject({ isClinician: true, isSupportUser: true });
  });

  it('puts clinicians on their schedule whatever else they are', () => {
    expect(postLoginDestination(derivePermissions(['clinicians', 'support', 'clinical_admin']))).toBe('careSchedule');
    expect(postLoginDestination(derivePermissions(['clinical_admin']))).toBe('loginDashboard');
    expect(postLoginDestination(derivePermissions(['patient']))).toBe('patientDashboardHome');
    expect(postLoginDestination(derivePermissions(['rcd']))).toBe('careProviderRequests');
  });
});
