/**
 * Flag decisions for a request (product-spec §6), asked of the app's one flag source (`app.flags`,
 * src/server/plugins/flags.ts): the rule the API enforces is the one the browser was shown.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants } from '../generated/constants';
import { flagSpecs, type FlagName } from '../generated/flags';
import { AppError } from './errors';

export type { FlagName };

/** Whether a flag is on for a traffic key (a user's e-mail for user flags, the visitor id for anonymous ones). */
export function flagOn(app: FastifyInstance, flag: FlagName, key: string): Promise<boolean> {
  return app.flags.isOn(flag, key);
}

/** The visitor id a browser sends in its anonId cookie (product-spec §3 visitor identity), if any. */
export function visitorIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === constants.visitorIdCookie) {
      const value = part.slice(at + 1).trim();
      return value && value.length <= 100 ? value : undefined;
    }
  }
  return undefined;
}

/**
 * A flag for the request's caller, keyed as the browser keys it: user flags by the signed-in user's
 * e-mail, anonymous flags by the visitor id (anyone without one shares one key).
 */
export async function flagOnFor(request: FastifyRequest, flag: FlagName, userKey?: string): Promise<boolean> {
  const key = flagSpecs.flags[flag].type === 'user' && userKey ? userKey : (visitorIdOf(request) ?? 'anonymous');
  return request.server.flags.isOn(flag, key);
}

/** The bookings flag off (maintenance) stops holds and bookings here, whatever the browser shows. */
export async function ensureBookingsOpen(request: FastifyRequest): Promise<void> {
  if (!(await flagOnFor(request, 'bookings'))) throw new AppError('BOOKINGS_PAUSED');
}
