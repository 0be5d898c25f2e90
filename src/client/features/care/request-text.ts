/** The specifics of a provider's request to their RCD in words (a licence's state and number, new pay rates); amounts typed in care forms. */
import type { ProviderRequestInput } from '@/generated/entities';
import { message } from '@/domain/messages';
import { stateName } from '@/client/ui/format';
import { formatDollars, parseDollars } from '@/domain/money';

export function requestSpecifics(r: ProviderRequestInput): string | null {
  if (r.kind === 'licence_added' && r.stateCode) return message('ui.care.requests.licence', { state: stateName(r.stateCode), number: r.licenseNumber ?? '' });
  if (r.kind === 'pay_rate_change' && r.payIndividual !== undefined) {
    return r.payFollowUp === undefined
      ? message('ui.care.requests.pay', { individual: formatDollars(r.payIndividual, { wholeAmountsShort: true }) })
      : message('ui.care.requests.payWithFollowUp', {
          individual: formatDollars(r.payIndividual, { wholeAmountsShort: true }),
          followUp: formatDollars(r.payFollowUp, { wholeAmountsShort: true }),
        });
  }
  return null;
}

/**
 * A rate typed in a care form (its pattern is the one cents parser's shape) as the dollars the request takes, read by
 * the one cents parser; undefined when left empty.
 */
export function typedDollars(text: string | undefined): number | undefined {
  const cents = text?.trim() ? parseDollars(text) : undefined;
  return cents === undefined ? undefined : cents / 100;
}
