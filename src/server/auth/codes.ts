/** One-time codes and magic-link tokens: random, stored only as a keyed hash, single use, short-lived. */
import { randomBytes, randomInt } from 'node:crypto';
import { constants } from '@/generated/constants';

export function newOtp(): string {
  return String(randomInt(0, 10 ** constants.otpLength)).padStart(constants.otpLength, '0');
}

export function newLoginToken(): string {
  return randomBytes(constants.loginTokenBytes).toString('base64url');
}
