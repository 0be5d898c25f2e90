import { approvalChange, providerRequestProblems, requestOfKind } from './provider-requests';

describe('provider requests', () => {
  it('asks a licence for its state and number, and refuses a state already held', () => {
    expect(providerRequestProblems({ kind: 'licence_added', description: 'New licence' }, ['OH'])).toEqual([
      { field: 'stateCode', problem: 'providerRequest.stateRequired' },
      { field: 'licenseNumber', problem: 'providerRequest.licenseNumberRequired' },
    ]);
    expect(providerRequestProblems({ kind: 'licence_added', description: 'x', stateCode: 'OH', licenseNumber: ' ' }, ['OH'])).toEqual([
      { field: 'stateCode', problem: 'providerRequest.alreadyLicensed' },
      { field: 'licenseNumber', problem: 'providerRequest.licenseNumberRequired' },
    ]);
    expect(providerRequestProblems({ kind: 'licence_added', description: 'x', stateCode: 'PA', licenseNumber: 'PC-1' }, ['OH'])).toEqual([]);
  });

  it('asks a pay-rate change for the individual rate; other kinds only for words', () => {
    expect(providerRequestProblems({ kind: 'pay_rate_change', description: 'x' }, [])).toEqual([
      { field: 'payIndividual', problem: 'providerRequest.payRequired' },
    ]);
    expect(providerRequestProblems({ kind: 'pay_rate_change', description: 'x', payIndividual: 0 }, [])).toEqual([]);
    expect(providerRequestProblems({ kind: 'profile_change', description: 'x' }, [])).toEqual([]);
    expect(providerRequestProblems({ kind: 'availability_change', description: 'x' }, [])).toEqual([]);
  });

  it('keeps only the fields of the kind', () => {
    expect(requestOfKind({ kind: 'profile_change', description: ' New photo ', stateCode: 'PA', payIndividual: 3 })).toEqual({
      kind: 'profile_change',
      description: 'New photo',
    });
    expect(requestOfKind({ kind: 'licence_added', description: 'x', stateCode: 'PA', licenseNumber: ' L1 ', payIndividual: 3 })).toEqual({
      kind: 'licence_added',
      description: 'x',
      stateCode: 'PA',
      licenseNumber: 'L1',
    });
    expect(requestOfKind({ kind: 'pay_rate_change', description: 'x', payIndividual: 150 })).toEqual({
      kind: 'pay_rate_change',
      description: 'x',
      payIndividual: 150,
    });
  });

  it('an approved licence adds its state once, in order; pay rates set the rates named', () => {
    expect(approvalChange({ kind: 'licence_added', description: 'x', stateCode: 'MA', licenseNumber: 'L' }, { licensedStates: ['OH', 'CA'] })).toEqual({
      licensedStates: ['CA', 'MA', 'OH'],
    });
    expect(approvalChange({ kind: 'licence_added', description: 'x', stateCode: 'OH', licenseNumber: 'L' }, { licensedStates: ['OH'] })).toEqual({});
    expect(approvalChange({ kind: 'pay_rate_change', description: 'x', payIndividual: 150 }, { licensedStates: [] })).toEqual({ payIndividual: 150 });
    expect(approvalChange({ kind: 'pay_rate_change', description: 'x', payIndividual: 150, payFollowUp: 90 }, { licensedStates: [] })).toEqual({
      payIndividual: 150,
      payFollowUp: 90,
    });
    expect(approvalChange({ kind: 'profile_change', description: 'x' }, { licensedStates: ['OH'] })).toEqual({});
  });
});
