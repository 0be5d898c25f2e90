import type { SelfPayConsentCategory } from '../generated/enums';
import { initialSelfPayConsentCategory, toggledSelfPayConsentCategory } from './self-pay';

const SWITCH: SelfPayConsentCategory = 'switchToSelfPay';
const INSURANCE: SelfPayConsentCategory = 'insurance';
const SELF_PAY: SelfPayConsentCategory = 'selfPay';

describe('self-pay consent category at the start', () => {
  it.each([
    [true, true, SWITCH],
    [true, false, SWITCH],
    [false, true, INSURANCE],
    [false, false, SELF_PAY],
  ])('switching %s, insured %s gives %s', (isSwitchingToSelfPay, isInsured, expected) => {
    expect(initialSelfPayConsentCategory({ isSwitchingToSelfPay, isInsured })).toBe(expected);
  });
});

describe('self-pay consent category on toggle', () => {
  it.each([
    [true, true, SWITCH],
    [true, false, SELF_PAY],
    [false, true, INSURANCE],
    [false, false, INSURANCE],
  ])('self-pay chosen %s, insurance on file %s gives %s', (selfPayChosen, hasInsurance, expected) => {
    expect(toggledSelfPayConsentCategory({ selfPayChosen, hasInsurance })).toBe(expected);
  });
});
