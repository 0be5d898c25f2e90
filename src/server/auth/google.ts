/**
 * Google ID tokens: signature checked against the key set at GOOGLE_JWKS_URL (https, or a file://
 * key set in tests), issuer, audience (GOOGLE_CLIENT_ID) and expiry; the e-mail must be verified.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export type GoogleVerifier = (idToken: string) => Promise<{ email: string } | undefined>;

export function googleVerifier(config: Config): GoogleVerifier {
  let keys: JWTVerifyGetKey | undefined;
  const keySet = (): JWTVerifyGetKey => {
    if (!keys) {
      keys = config.googleJwksUrl.startsWith('file:')
        ? createLocalJWKSet(JSON.parse(readFileSync(fileURLToPath(config.googleJwksUrl), 'utf8')) as JSONWebKeySet)
        : createRemoteJWKSet(new URL(config.googleJwksUrl));
    }
    return keys;
  };
  return async (idToken) => {
    if (!config.googleClientId) return undefined;
    try {
      const { payload } = await jwtVerify(idToken, keySet(), { issuer: ISSUERS, audience: config.googleClientId, algorithms: ['RS256'] });
      if (typeof payload.email !== 'string' || payload.email_verified !== true) return undefined;
      return { email: payload.email };
    } catch {
      return undefined;
    }
  };
}
