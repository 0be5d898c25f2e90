/**
 * Comparing what a person types against the scheduling system's record when they claim their account
 * (/app/first-time-amd-user, src/server/accounts/claim.ts). The record's spelling is not the person's:
 * case, accents, spaces and hyphens do not make a different last name, and a ZIP+4 is its five digits.
 * A record that holds no zip code matches nothing, so the check never passes on a missing detail.
 */

/** "O'Brien-Díaz " → "obriendiaz": letters and digits, without accents, lower case. */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

export function sameLastName(onRecord: string, typed: string | undefined): boolean {
  if (typed === undefined) return false;
  const key = nameKey(onRecord);
  return key.length > 0 && key === nameKey(typed);
}

/** The five-digit zip of "43215", "43215-1234" or " 43215 "; undefined when it has none. */
function zip5(zip: string): string | undefined {
  return /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(zip)?.[1];
}

export function sameZipcode(onRecord: string | null, typed: string | undefined): boolean {
  if (onRecord === null || typed === undefined) return false;
  const record = zip5(onRecord);
  return record !== undefined && record === zip5(typed);
}
