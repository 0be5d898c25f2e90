/**
 * Which consent wording applies to the money side of a booking (product-spec §4 "Self-pay consent
 * category"): switching from insurance to self-pay, insurance, or self-pay.
 */
import type { SelfPayConsentCategory } from '../generated/enums';

const SWITCH_TO_SELF_PAY: SelfPayConsentCategory = 'switchToSelfPay';
const INSURANCE: SelfPayConsentCategory = 'insurance';
const SELF_PAY: SelfPayConsentCategory = 'selfPay';

export interface BookingPaymentStart {
  /** The patient had insurance and is switching to self-pay. */
  isSwitchingToSelfPay: boolean;
  /** The booking uses insurance. */
  isInsured: boolean;
}

/** The category when the consent step opens. */
export function initialSelfPayConsentCategory({ isSwitchingToSelfPay, isInsured }: BookingPaymentStart): SelfPayConsentCategory {
  if (isSwitchingToSelfPay) return SWITCH_TO_SELF_PAY;
  return isInsured ? INSURANCE : SELF_PAY;
}

export interface SelfPayToggle {
  /** The self-pay option is now chosen. */
  selfPayChosen: boolean;
  /** The patient has an insurance on file, so choosing self-pay means switching away from it. */
  hasInsurance: boolean;
}

/** The category after the self-pay option is toggled. */
export function toggledSelfPayConsentCategory({ selfPayChosen, hasInsurance }: SelfPayToggle): SelfPayConsentCategory {
  if (!selfPayChosen) return INSURANCE;
  return hasInsurance ? SWITCH_TO_SELF_PAY : SELF_PAY;
}
