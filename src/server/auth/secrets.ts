/**
 * The server secret and the keys derived from it. JWT_SECRET is required in production; in tests a
 * fixed value keeps runs reproducible; otherwise one is generated on first start and kept in
 * DATA_DIR, so sessions survive restarts. Each use gets its own key (HKDF), never the raw secret.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

export const TEST_JWT_SECRET = 'test-only-secret-never-used-outside-the-test-suite';

export interface ServerKeys {
  /** HS256 key of access tokens */
  jwt: Uint8Array;
  /** HMAC key of one-time codes and login tokens */
  codes: Buffer;
  /** HMAC key of the signed-in hint cookie (auth/signed-in-hint.ts) */
  hint: Buffer;
}

function storedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function serverSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.nodeEnv === 'test') return TEST_JWT_SECRET;
  return storedSecret(config.dataDir);
}

export function deriveKeys(secret: string): ServerKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'mindful-care', purpose, 32));
  return { jwt: new Uint8Array(derive('access-token')), codes: derive('sign-in-codes'), hint: derive('signed-in-hint') };
}

/** Keyed hash of a code or token: what is stored instead of the value. */
export function codeHash(keys: ServerKeys, value: string): string {
  return createHmac('sha256', keys.codes).update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
