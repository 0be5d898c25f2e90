import { isResponsiblePartyComplete, missingResponsiblePartyFields, type ResponsiblePartyDetails } from './responsible-party';

const complete: ResponsiblePartyDetails = {
  firstName: 'Jordan',
  lastName: 'Rivera',
  dob: '1990-04-12',
  address: { line1: '1 Main St', city: 'Columbus', state: 'OH', zipcode: '43004' },
  phoneNumber: '6145550100',
  responsiblePartyEhrId: 'rp-1',
};

describe('responsible party completeness', () => {
  it('is complete with every required field, without the optional ones', () => {
    expect(isResponsiblePartyComplete(complete)).toBe(true);
    expect(missingResponsiblePartyFields(complete)).toEqual([]);
  });

  it('accepts a numeric record id', () => {
    expect(isResponsiblePartyComplete({ ...complete, responsiblePartyEhrId: 42 })).toBe(true);
  });

  it.each([
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: '  ' }],
    ['dob', { dob: null }],
    ['phoneNumber', { phoneNumber: undefined }],
    ['responsiblePartyEhrId', { responsiblePartyEhrId: null }],
  ] as const)('is incomplete without %s', (field, change) => {
    const party = { ...complete, ...change };
    expect(isResponsiblePartyComplete(party)).toBe(false);
    expect(missingResponsiblePartyFields(party)).toEqual([field]);
  });

  it.each(['line1', 'city', 'zipcode', 'state'] as const)('is incomplete without address %s', (field) => {
    const party = { ...complete, address: { ...complete.address, [field]: '' } };
    expect(isResponsiblePartyComplete(party)).toBe(false);
    expect(missingResponsiblePartyFields(party)).toEqual([`address.${field}`]);
  });

  it('lists everything for no party or no address', () => {
    expect(missingResponsiblePartyFields(undefined)).toHaveLength(9);
    expect(missingResponsiblePartyFields({ ...complete, address: null })).toEqual(['address.line1', 'address.city', 'address.zipcode', 'address.state']);
  });
});
