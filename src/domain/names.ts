/**
 * The typing filter of names in the booking patient forms (product-spec §5): the one name rule,
 * at most nameMaxBooking characters; anything else is dropped as it is typed.
 *
 * Letters of any alphabet are letters (José, Zoë, Nuñez, O’Brien stay as typed): the allowed
 * characters are those of constants.namePattern, which the forms and the API validate with too.
 * Input is first composed (NFC), so "e" followed by a combining accent counts as the one letter it
 * shows. Digits, dots, emoji, tabs and line breaks are dropped. Spaces are kept where typed, even at the ends, so the
 * space between two names can be typed; trimming belongs to saving, not typing.
 */
import * as limitsConstants from '../generated/constants/limits';
import * as rulesConstants from '../generated/constants/rules';

const NAME = new RegExp(rulesConstants.namePattern, 'u');

/**
 * A character a name may hold: one the pattern accepts after a first letter. Where it stands (a
 * hyphen first, say) is for validation to say, not for typing to drop.
 */
function mayHold(character: string): boolean {
  return NAME.test(`a${character}`);
}

/** The name as it stays in the field after a keystroke or a paste. */
export function filterBookingName(typed: string): string {
  const kept = Array.from(typed.normalize('NFC')).filter(mayHold);
  return kept.slice(0, limitsConstants.nameMaxBooking).join('');
}

/** Whether a whole name would pass the filter unchanged. */
export function isBookingName(name: string): boolean {
  return filterBookingName(name) === name;
}

/** "Jordan Rivera": a person's first and last name, whichever are given, trimmed. */
export function fullName(p: { firstName?: string | null; lastName?: string | null }): string {
  return [p.firstName, p.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** "Dana Lee, LCSW": how a provider is named to people, their full name then their title (when they have one). */
export function providerDisplayName(p: { firstName?: string | null; lastName?: string | null; title?: string | null }): string {
  return [fullName(p), p.title?.trim()].filter(Boolean).join(', ');
}
