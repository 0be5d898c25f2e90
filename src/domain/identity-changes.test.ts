import { ACCOUNT_IDENTITY_FIELDS, changedFields, refusedIdentityFields } from './identity-changes';

const holder = { isHolder: true, isThirdPartyAgent: false, demographicsEdit: false };
const support = { isHolder: false, isThirdPartyAgent: false, demographicsEdit: true };
const supportWithoutFlag = { ...support, demographicsEdit: false };
const agent = { isHolder: false, isThirdPartyAgent: true, demographicsEdit: true };

describe('refusedIdentityFields', () => {
  it('lets the holder change everything, staff accounts included', () => {
    expect(refusedIdentityFields(holder, true, ['email', 'firstName'], ACCOUNT_IDENTITY_FIELDS)).toEqual([]);
  });

  it('refuses every identity field of a staff account to anyone else, whatever the flag', () => {
    expect(refusedIdentityFields(support, true, ['email', 'phoneNumber', 'lastName'], ACCOUNT_IDENTITY_FIELDS)).toEqual(['email', 'lastName']);
  });

  it('lets a third-party agent change contact details only', () => {
    expect(refusedIdentityFields(agent, false, ['phoneNumber', 'address'], ACCOUNT_IDENTITY_FIELDS)).toEqual([]);
    expect(refusedIdentityFields(agent, false, ['dateOfBirth', 'address'], ACCOUNT_IDENTITY_FIELDS)).toEqual(['dateOfBirth']);
  });

  it("lets support change a patient's identity only with supportDemographicsEdit", () => {
    expect(refusedIdentityFields(support, false, ['firstName', 'email'], ACCOUNT_IDENTITY_FIELDS)).toEqual([]);
    expect(refusedIdentityFields(supportWithoutFlag, false, ['firstName', 'phoneNumber'], ACCOUNT_IDENTITY_FIELDS)).toEqual(['firstName']);
  });
});

describe('changedFields', () => {
  it('ignores unchanged values and e-mail case', () => {
    expect(changedFields({ firstName: 'Jo', email: 'a@x.com', address: { city: 'A' } }, { firstName: 'Jo', email: 'A@X.com', address: { city: 'A' } })).toEqual(
      [],
    );
  });

  it('names what changes, a value set for the first time included', () => {
    expect(changedFields({ firstName: 'Jo', dateOfBirth: null }, { firstName: 'Joe', dateOfBirth: '1990-01-01', lastName: undefined })).toEqual([
      'firstName',
      'dateOfBirth',
    ]);
  });
});
