/** Demo sign-ins created on first start, one per role of product-spec §6. Printed at start and listed in README. */
export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  userType: 'patient' | 'support' | 'clinician' | 'rcd' | 'third_party_support';
  groups: string[];
  role: string;
}

export const demoAccounts: readonly DemoAccount[] = [
  { role: 'Patient', email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', userType: 'patient', groups: ['patient'] },
  { role: 'Support agent', email: 'sam.okafor@example.com', firstName: 'Sam', lastName: 'Okafor', userType: 'support', groups: ['support'] },
  { role: 'Clinician', email: 'morgan.lee@example.com', firstName: 'Morgan', lastName: 'Lee', userType: 'clinician', groups: ['clinicians'] },
  { role: 'RCD', email: 'riley.chen@example.com', firstName: 'Riley', lastName: 'Chen', userType: 'rcd', groups: ['rcd'] },
  { role: 'Third-party agent', email: 'taylor.brooks@example.com', firstName: 'Taylor', lastName: 'Brooks', userType: 'third_party_support', groups: ['third_party_support'] },
  { role: 'DevOps admin', email: 'devon.park@example.com', firstName: 'Devon', lastName: 'Park', userType: 'support', groups: ['support', 'devops_admin'] },
  { role: 'Clinical admin', email: 'casey.nguyen@example.com', firstName: 'Casey', lastName: 'Nguyen', userType: 'support', groups: ['clinical_admin'] },
];
