import * as peopleEnums from '../generated/enums/people';
import * as signInConstants from '../generated/constants/sign-in';
import { groupOfAccessRole, mayAccess, mayImpersonate, permissionsFrom, reachesEveryAccount } from './permissions';

describe('derived permission flags', () => {
  it('a patient holds the patient group and is neither support nor third-party', () => {
    expect(permissionsFrom(['patient'])).toEqual({
      isSupportUser: false,
      isSoftwareDev: false,
      isClinician: false,
      isDevopsAdmin: false,
      isClinicalAdmin: false,
      isRcd: false,
      isThirdPartyAgent: false,
      isSupportOrThirdParty: false,
      isPatient: true,
    });
  });

  it('support-or-third-party is either of the two', () => {
    expect(permissionsFrom(['support']).isSupportOrThirdParty).toBe(true);
    expect(permissionsFrom(['third_party_support']).isSupportOrThirdParty).toBe(true);
    expect(permissionsFrom(['clinicians']).isSupportOrThirdParty).toBe(false);
  });

  it('a patient group beside a support group is not a patient', () => {
    expect(permissionsFrom(['patient', 'support']).isPatient).toBe(false);
    expect(permissionsFrom(['patient', 'third_party_support']).isPatient).toBe(false);
  });

  it('each flag comes from its own group', () => {
    expect(permissionsFrom(['software_devs']).isSoftwareDev).toBe(true);
    expect(permissionsFrom(['clinicians']).isClinician).toBe(true);
    expect(permissionsFrom(['devops_admin']).isDevopsAdmin).toBe(true);
    expect(permissionsFrom(['clinical_admin']).isClinicalAdmin).toBe(true);
    expect(permissionsFrom(['rcd']).isRcd).toBe(true);
    expect(permissionsFrom([])).toEqual(expect.objectContaining({ isPatient: false, isSupportUser: false }));
  });
});

describe('who may call what', () => {
  it('maps every role name to a permission group of the enumeration', () => {
    for (const group of Object.values(groupOfAccessRole)) expect(peopleEnums.permissionGroup.values).toContain(group);
  });

  it('lets anyone through an endpoint open to anyone, signed in or not', () => {
    expect(mayAccess(['anyone'], undefined)).toBe(true);
    expect(mayAccess(['anyone'], ['patient'])).toBe(true);
  });

  it('keeps callers who are not signed in out of role-limited endpoints', () => {
    expect(mayAccess(['patient', 'support'], undefined)).toBe(false);
    expect(mayAccess(['authenticated'], undefined)).toBe(false);
  });

  it('lets a signed-in caller in when one of their groups matches a role', () => {
    expect(mayAccess(['clinician'], ['clinicians'])).toBe(true);
    expect(mayAccess(['clinician'], ['patient'])).toBe(false);
    expect(mayAccess(['authenticated'], ['patient'])).toBe(true);
    expect(mayAccess(['anonymous'], ['patient'])).toBe(false);
    expect(mayAccess(['anonymous'], undefined)).toBe(true);
  });

  it('honours impersonation only for the configured groups', () => {
    for (const g of signInConstants.impersonationGroups) expect(mayImpersonate([g])).toBe(true);
    expect(mayImpersonate(['support', 'patient', 'clinicians'])).toBe(false);
  });

  it('lets only support and admins reach every account', () => {
    expect(reachesEveryAccount(['support'])).toBe(true);
    expect(reachesEveryAccount(['devops_admin'])).toBe(true);
    expect(reachesEveryAccount(['clinical_admin'])).toBe(true);
    expect(reachesEveryAccount(['third_party_support'])).toBe(false);
    expect(reachesEveryAccount(['patient'])).toBe(false);
  });
});
