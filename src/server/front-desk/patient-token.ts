/**
 * Patient tokens (product-spec §3 front-desk state, patient auth): after the patient confirms their
 * date of birth on the front-desk device, a short-lived token names that patient only, so the device
 * signs their consent and nobody else's. HS256 with the server key, a distinct audience, so it is
 * never an access token and an access token is never one.
 */
import { SignJWT, jwtVerify } from 'jose';
import { constants } from '@/generated/constants';
import type { ServerKeys } from '../auth/secrets';

const ISSUER = 'mindful-care';
const AUDIENCE = 'patient-task';

export async function issuePatientToken(keys: ServerKeys, patientId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + constants.patientTokenMinutes * 60;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(patientId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keys.jwt);
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The patient the token names, or undefined when it is forged, expired at `now` or not a patient token. */
export async function patientOfToken(keys: ServerKeys, token: string, now: Date): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.jwt, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp'],
      currentDate: now,
    });
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
