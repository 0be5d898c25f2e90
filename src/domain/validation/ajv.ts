/**
 * The one ajv configuration shared by the server (request validation), the client (forms)
 * and the spec generator. Stating it once keeps client and server from disagreeing about
 * what is valid: no silent stripping of unknown fields, no type coercion unless the caller
 * asks for it (query strings and path parameters arrive as text).
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { registerDomainKeywords } from './keywords';

export type { Ajv };

export const baseAjvOptions: Options = {
  allErrors: true,
  verbose: true,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  removeAdditional: false,
  useDefaults: false,
  coerceTypes: false,
  // Patterns are Unicode regular expressions (the u flag): the name rule needs \p{L} and \p{M}.
  unicodeRegExp: true,
};

/** `now` is the clock of the date rules (the server passes its own; default: the device's clock). */
export function createAjv(overrides: Options = {}, now?: () => Date): Ajv {
  const ajv = new Ajv({ ...baseAjvOptions, ...overrides });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri', 'uuid', 'time']);
  registerDomainKeywords(ajv, now);
  return ajv;
}
