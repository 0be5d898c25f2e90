import { nenaNeeds, type NenaFacts } from './nena';

const ready: NenaFacts = { firstSessionAhead: true, hasPhq9: true, hasGad7: true, unsignedConsent: false, insuranceUndecided: false, urgentAlertOpen: false };

describe('new clients needing attention', () => {
  it('a new client with everything done needs nothing', () => {
    expect(nenaNeeds(ready)).toEqual([]);
  });

  it('names each missing thing, urgent first', () => {
    expect(nenaNeeds({ ...ready, hasGad7: false })).toEqual(['intake_check_in']);
    expect(nenaNeeds({ ...ready, hasPhq9: false, hasGad7: false, unsignedConsent: true, insuranceUndecided: true, urgentAlertOpen: true })).toEqual([
      'urgent_measure',
      'intake_check_in',
      'consent_unsigned',
      'insurance_undecided',
    ]);
  });

  it('a client who has had a session, or has none to come, is not new', () => {
    expect(nenaNeeds({ ...ready, firstSessionAhead: false, hasPhq9: false, unsignedConsent: true })).toEqual([]);
  });
});
