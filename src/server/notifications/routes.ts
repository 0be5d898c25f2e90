/**
 * Phone-number lookup (product-spec §7 notifications), answered offline by libphonenumber-js with
 * its full metadata, which is what tells mobile from landline. A number without a country code is a
 * US number.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PhoneLineType } from '@/generated/enums';
import type { Handlers } from '../routes/registry';

const LINE_TYPES: Record<string, PhoneLineType> = {
  MOBILE: 'mobile',
  FIXED_LINE: 'fixed_line',
  FIXED_LINE_OR_MOBILE: 'fixed_line_or_mobile',
  VOIP: 'voip',
  TOLL_FREE: 'toll_free',
  PREMIUM_RATE: 'premium_rate',
  SHARED_COST: 'shared_cost',
  PERSONAL_NUMBER: 'personal_number',
  PAGER: 'pager',
  UAN: 'uan',
  VOICEMAIL: 'voicemail',
};

const TEXTABLE: readonly PhoneLineType[] = ['mobile', 'fixed_line_or_mobile'];

export function lookupPhone(number: string) {
  const parsed = parsePhoneNumberFromString(number, 'US');
  const valid = parsed?.isValid() ?? false;
  const lineType: PhoneLineType = valid ? (LINE_TYPES[parsed?.getType() ?? ''] ?? 'unknown') : 'unknown';
  return {
    number,
    valid,
    lineType,
    canReceiveText: valid && TEXTABLE.includes(lineType),
    e164: parsed ? parsed.number : null,
    nationalFormat: parsed ? parsed.formatNational() : null,
    country: parsed?.country ?? null,
  };
}

export const notificationsHandlers: Handlers = {
  async lookupPhoneNumber(request) {
    return lookupPhone(request.params.number);
  },
};
