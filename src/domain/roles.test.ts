import { postLoginDestination, postLoginPath, type PostLoginRoles, type PostLoginRoutes } from './roles';

const nobody: PostLoginRoles = {
  isClinician: false,
  isSupportUser: false,
  isDevopsAdmin: false,
  isThirdPartyAgent: false,
  isClinicalAdmin: false,
  isRcd: false,
  isPatient: false,
};
const everyone: PostLoginRoles = {
  isClinician: true,
  isSupportUser: true,
  isDevopsAdmin: true,
  isThirdPartyAgent: true,
  isClinicalAdmin: true,
  isRcd: true,
  isPatient: true,
};
const routes: PostLoginRoutes = {
  careSchedule: '/r/care',
  careProviderRequests: '/r/rcd',
  supportDashboard: '/r/support',
  providerSearch: '/r/search',
  loginDashboard: '/r/login-dashboard',
  patientDashboardHome: '/r/patient-home',
};

describe('post-login destination', () => {
  it('sends a clinician to the care schedule, even with every other role', () => {
    expect(postLoginDestination({ ...nobody, isClinician: true })).toBe('careSchedule');
    expect(postLoginDestination(everyone)).toBe('careSchedule');
  });

  it('sends support users and devops admins to the support dashboard', () => {
    expect(postLoginDestination({ ...nobody, isSupportUser: true })).toBe('supportDashboard');
    expect(postLoginDestination({ ...nobody, isDevopsAdmin: true })).toBe('supportDashboard');
    expect(postLoginDestination({ ...everyone, isClinician: false })).toBe('supportDashboard');
  });

  it('sends third-party agents to provider search', () => {
    expect(postLoginDestination({ ...nobody, isThirdPartyAgent: true })).toBe('providerSearch');
    expect(postLoginDestination({ ...nobody, isThirdPartyAgent: true, isClinicalAdmin: true })).toBe('providerSearch');
  });

  it('sends clinical admins to the login dashboard', () => {
    expect(postLoginDestination({ ...nobody, isClinicalAdmin: true })).toBe('loginDashboard');
  });

  it('sends a patient to the patient dashboard home', () => {
    expect(postLoginDestination({ ...nobody, isPatient: true })).toBe('patientDashboardHome');
  });

  it("sends an RCD to providers' requests, unless they are also a clinician, support or third-party agent", () => {
    expect(postLoginDestination({ ...nobody, isRcd: true })).toBe('careProviderRequests');
    expect(postLoginDestination({ ...nobody, isRcd: true, isClinicalAdmin: true })).toBe('careProviderRequests');
    expect(postLoginDestination({ ...nobody, isRcd: true, isSupportUser: true })).toBe('supportDashboard');
  });

  it('sends staff with no destination of their own to the login dashboard, not to the patient home that refuses them', () => {
    expect(postLoginDestination(nobody)).toBe('loginDashboard');
  });

  it('gives the path of the destination', () => {
    expect(postLoginPath({ ...nobody, isDevopsAdmin: true }, routes)).toBe(routes.supportDashboard);
    expect(postLoginPath({ ...nobody, isPatient: true }, routes)).toBe(routes.patientDashboardHome);
  });
});
