/**
 * Flag decisions for a request (product-spec §6), asked of the app's one flag source (`app.flags`,
 * src/server/plugins/flags.ts): the rule the API enforces is the one the browser was shown.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '../../generated/constants';
import type { FlagDecision } from '../../generated/entities';
import { flagSpecs, type FlagName } from '../../generated/flags';
import { flagOnUnder, flagTrafficKey, flagUserKey, treatmentIn, type FlagTrafficType } from '../../domain/flags';
import { AppError } from '../errors';

export type { FlagName };

/** The visitor id a browser sends in its anonId cookie (product-spec §3 visitor identity), if any (read by @fastify/cookie). */
export function visitorIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[constants.visitorIdCookie]?.trim();
  return value && value.length <= 100 ? value : undefined;
}

/**
 * The request's flag decision for a traffic key, made once per request whatever asks for it (a rule, the page,
 * a sign-in's answer): everything the request decides by a flag is decided by the same answer.
 */
export function decisionFor(request: FastifyRequest, key: string): Promise<FlagDecision> {
  let decisions = madeFor.get(request);
  if (!decisions) madeFor.set(request, (decisions = new Map()));
  const normalized = flagUserKey(key);
  let decision = decisions.get(normalized);
  if (!decision) decisions.set(normalized, (decision = request.server.flags.decide(normalized, { shared: normalized === ANYONE })));
  return decision;
}

const madeFor = new WeakMap<FastifyRequest, Map<string, Promise<FlagDecision>>>();

/** The traffic key of the request's caller for a flag type, keyed as the browser keys it (src/client/runtime/flags). */
export function trafficKeyOf(request: FastifyRequest, type: FlagTrafficType): string {
  const userKey = type === 'user' ? request.caller?.email : undefined;
  return flagTrafficKey(type, { userKey, visitorId: visitorIdOf(request) }) ?? ANYONE;
}

/** The key of a request that carries no visitor id (a first request, an API client): all such share one decision. */
const ANYONE = 'anonymous';

/**
 * Whether a flag is on for the request's caller: user flags by the signed-in caller's user key (their e-mail),
 * anonymous flags by the visitor id; a user flag asked without a signed-in caller is decided by the visitor's key.
 */
export async function flagOnFor(request: FastifyRequest, flag: FlagName): Promise<boolean> {
  const type = flagSpecs.flags[flag].type;
  const key = trafficKeyOf(request, type === 'user' && request.caller ? 'user' : 'anonymous');
  return flagOnUnder(flag, treatmentIn(flag, await decisionFor(request, key)));
}

/** The bookings flag off (maintenance) stops holds and bookings here, whatever the browser shows. */
export async function ensureBookingsOpen(request: FastifyRequest): Promise<void> {
  if (!(await flagOnFor(request, 'bookings'))) throw new AppError('BOOKINGS_PAUSED');
}
