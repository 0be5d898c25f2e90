/** Demo sign-ins created on first start, one per role of product-spec §6 (and a partner member). Printed at start and listed in README. */
import type { PermissionGroup, UserType } from '@/generated/enums';
import { cities } from './catalogue';

/**
 * The marketplace's first providers work one at each city's first practice, in the catalogue's order
 * (seed/marketplace.ts): the provider at a city's position is a provider of that city, in its time zone.
 */
const firstProviderOf = (city: string): number => cities.findIndex((c) => c.name === city);

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  groups: PermissionGroup[];
  role: string;
  /** member of (patients) or agent for (third-party support) the partner with this code */
  partnershipCode?: string;
  dateOfBirth?: string;
  /** sign-in links ask for the date of birth (the verify-DOB popup) */
  dobCheckRequired?: boolean;
  /** dependants booked for by this account, besides the holder */
  dependants?: { firstName: string; lastName: string; dateOfBirth: string; gender: 'Male' | 'Female'; relationship: 'Child' | 'Spouse' }[];
  /** the clinician is this provider of the demo marketplace (by position) */
  providerIndex?: number;
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    role: 'Patient',
    email: 'jordan.rivera@example.com',
    firstName: 'Jordan',
    lastName: 'Rivera',
    userType: 'patient',
    groups: ['patient'],
    dateOfBirth: '1988-07-14',
    dependants: [
      { firstName: 'Mia', lastName: 'Rivera', dateOfBirth: '2015-03-02', gender: 'Female', relationship: 'Child' },
      // Nobody books for Leo in the demo: his consent stays unsigned until his parent signs it from the dashboard to-do.
      { firstName: 'Leo', lastName: 'Rivera', dateOfBirth: '2019-09-20', gender: 'Male', relationship: 'Child' },
    ],
  },
  {
    role: 'Partner member',
    email: 'avery.johnson@example.com',
    firstName: 'Avery',
    lastName: 'Johnson',
    userType: 'patient',
    groups: ['patient'],
    partnershipCode: 'ACME-EAP',
    dateOfBirth: '1990-04-12',
    dobCheckRequired: true,
  },
  { role: 'Support agent', email: 'sam.okafor@example.com', firstName: 'Sam', lastName: 'Okafor', userType: 'support', groups: ['support'] },
  { role: 'Clinician', email: 'morgan.lee@example.com', firstName: 'Morgan', lastName: 'Lee', userType: 'clinician', groups: ['clinicians'], providerIndex: 0 },
  // A colleague of the demo clinician's, to receive their referrals (/care/v1/referrals).
  {
    role: 'Colleague clinician',
    email: 'drew.patel@example.com',
    firstName: 'Drew',
    lastName: 'Patel',
    userType: 'clinician',
    groups: ['clinicians'],
    providerIndex: 1,
  },
  // A clinician in Central time (San Antonio, TX), to see times named in another zone than the Eastern demo clinician's.
  {
    role: 'Central-time clinician',
    email: 'elena.garza@example.com',
    firstName: 'Elena',
    lastName: 'Garza',
    userType: 'clinician',
    groups: ['clinicians'],
    providerIndex: firstProviderOf('San Antonio'),
  },
  { role: 'RCD', email: 'riley.chen@example.com', firstName: 'Riley', lastName: 'Chen', userType: 'rcd', groups: ['rcd'] },
  {
    role: 'Third-party agent',
    email: 'taylor.brooks@example.com',
    firstName: 'Taylor',
    lastName: 'Brooks',
    userType: 'third_party_support',
    groups: ['third_party_support'],
    partnershipCode: 'ACME-EAP',
  },
  { role: 'DevOps admin', email: 'devon.park@example.com', firstName: 'Devon', lastName: 'Park', userType: 'support', groups: ['support', 'devops_admin'] },
  { role: 'Clinical admin', email: 'casey.nguyen@example.com', firstName: 'Casey', lastName: 'Nguyen', userType: 'support', groups: ['clinical_admin'] },
  { role: 'Software developer', email: 'alex.kim@example.com', firstName: 'Alex', lastName: 'Kim', userType: 'support', groups: ['support', 'software_devs'] },
];
