/**
 * National Provider Identifiers (45 CFR 162.406): ten digits whose last is a Luhn check digit computed
 * over the nine before it with the card-issuer prefix 80840 in front (the CMS NPI check-digit standard).
 * The Good Faith Estimate names each provider by NPI (45 CFR 149.610), so a wrong one is refused at the door.
 */

/** The issuer prefix CMS puts in front of the nine digits before computing the Luhn check digit. */
const NPI_PREFIX = '80840';

/** The Luhn check digit of a string of digits (doubling every second digit from the right of the payload). */
function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    const digit = Number(payload[payload.length - 1 - i]);
    const doubled = i % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10;
}

/** The NPI made of nine digits and the check digit they call for. */
export function npiFromBase(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new Error('an NPI is made of nine digits and a check digit');
  return `${nineDigits}${luhnCheckDigit(NPI_PREFIX + nineDigits)}`;
}

/** Ten digits, the first 1 or 2 (individual or organisation), and the Luhn check with the 80840 prefix. */
export function isValidNpi(npi: string): boolean {
  if (!/^[12]\d{9}$/.test(npi)) return false;
  return npiFromBase(npi.slice(0, 9)) === npi;
}

/** A federal Tax Identification Number (EIN) as printed: two digits, a hyphen, seven digits. */
export function isValidTin(tin: string): boolean {
  return /^\d{2}-\d{7}$/.test(tin) && tin !== '00-0000000';
}
