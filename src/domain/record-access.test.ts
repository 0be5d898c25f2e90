import * as recordAccessConstants from '@/generated/constants/record-access';
import { actOf, staffRole, whoActed } from './record-access';

const account = '11111111-1111-4111-8111-111111111111';
const staffId = '22222222-2222-4222-8222-222222222222';

describe('whoActed', () => {
  it('names the account holder "you", whatever their groups', () => {
    expect(whoActed({ actorId: account, groups: ['patient'], userType: 'patient', firstName: 'Ana' }, account)).toEqual({
      actor: 'you',
      role: null,
      name: null,
    });
  });
  it('names a staff member by the role they acted in and their first name', () => {
    expect(whoActed({ actorId: staffId, groups: ['support'], userType: 'support', firstName: 'Sam' }, account)).toEqual({
      actor: 'staff',
      role: 'support',
      name: 'Sam',
    });
  });
  it('takes the most specific role of several groups', () => {
    expect(staffRole(['support', 'clinicians'])).toBe('clinicians');
    expect(staffRole(['devops_admin', 'third_party_support'])).toBe('third_party_support');
  });
  it('names a staff member without a first name by their staff id, cut to the length in specs', () => {
    const named = whoActed({ actorId: staffId, groups: ['support'], userType: 'support', firstName: '  ' }, account);
    expect(named).toEqual({ actor: 'staff', role: 'support', name: staffId.slice(0, recordAccessConstants.recordAccessStaffIdLength) });
    expect(named.name).toHaveLength(recordAccessConstants.recordAccessStaffIdLength);
  });
  it('names staff whose row kept no groups by their account kind, without a role', () => {
    expect(whoActed({ actorId: staffId, groups: [], userType: 'clinician', firstName: 'Lee' }, account)).toEqual({ actor: 'staff', role: null, name: 'Lee' });
  });
  it('never names another patient', () => {
    expect(whoActed({ actorId: staffId, groups: ['patient'], userType: 'patient', firstName: 'Eve' }, account)).toEqual({
      actor: 'patient',
      role: null,
      name: null,
    });
  });
  it('names nobody when no one was signed in', () => {
    expect(whoActed({ actorId: null, groups: [], userType: null, firstName: null }, account)).toEqual({ actor: 'nobody', role: null, name: null });
  });
});

describe('actOf', () => {
  it('reads a GET as viewed and anything else as changed', () => {
    expect(actOf('GET')).toBe('viewed');
    expect(actOf('POST')).toBe('changed');
    expect(actOf('DELETE')).toBe('changed');
    expect(actOf(undefined)).toBe('changed');
  });
});
