/**
 * What the support screen tests share: a caller's account (Jordan, with Mia) and one of its sessions.
 */

export const userId = '00000000-0000-4000-8000-000000000009';
export const zone = 'America/New_York';
export const start = '2026-12-01T15:00:00.000Z';
export const account = {
  id: userId,
  firstName: 'Jordan',
  lastName: 'Rivera',
  email: 'jordan.rivera@example.com',
  userType: 'patient',
  groups: ['patient'],
  disabled: false,
  dateOfBirth: '1988-07-14',
  businessPartnerId: null,
  patients: [
    { id: 'p1', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' },
    { id: 'p2', firstName: 'Mia', lastName: 'Rivera', relationship: 'Child' },
  ],
};
export const session = {
  id: 's1',
  status: 'booked',
  start,
  end: '2026-12-01T15:50:00.000Z',
  appointmentMode: 'online',
  counselingType: 'Individual Counseling',
  timeZone: zone,
  provider: { id: 'pr1', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: zone },
  patients: [{ id: 'p1', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', isNew: false }],
};
