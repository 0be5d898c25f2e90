/**
 * The local test gateway: accepts the well-known test card numbers and declines the known decline
 * numbers of constant testCardNumbers (any other number is not valid). Its nonces and vault tokens
 * are self-contained and signed with a server key (brand, last 4, expiry and whether the card
 * declines - never the number), so any server process of the deployment can charge them.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { constants } from '@/generated/constants';
import type { CardGateway, CardInfo, GatewayOutcome, GatewayRecordEntry } from './gateway';
import { systemClock, type Clock } from '../clock';

interface TokenPayload extends CardInfo {
  declines: boolean;
  id: string;
}

const NONCE = 'tok_local_';
const VAULT = 'card_local_';
const CHARGE = 'txn_local_';

/** The moment (ms) a local charge was taken, from its transaction id; undefined for anything else. */
function chargedAt(transactionId: string): number | undefined {
  const match = /^txn_local_(\d+)_/.exec(transactionId);
  return match ? Number(match[1]) : undefined;
}

export function parseExpiration(expiration: string, now: Date): { month: number; year: number } | undefined {
  const match = /^(\d{2}) ?\/ ?(\d{2}|\d{4})$/.exec(expiration.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() ? { month, year } : undefined;
}

/**
 * `clock` decides whether a card's expiration has passed and whether a charge has settled: a charge
 * settles `settleSeconds` after it was taken (its transaction id carries the moment). Like a real
 * gateway it keeps its own record of every charge, void and refund (in memory, and appended to
 * `recordFile` when given), which the daily reconciliation compares with the ledger.
 */
export function localTestGateway(
  secret: Buffer,
  clock: Clock = systemClock,
  settleSeconds: number = constants.localGatewaySettleSeconds,
  recordFile?: string,
): CardGateway {
  const entries: GatewayRecordEntry[] =
    recordFile && existsSync(recordFile)
      ? readFileSync(recordFile, 'utf8')
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => JSON.parse(line) as GatewayRecordEntry)
      : [];
  const charged = new Map(entries.filter((e) => e.kind === 'charge').map((e) => [e.transactionId, e.amountCents]));
  const keep = (entry: Omit<GatewayRecordEntry, 'at'>) => {
    const full = { at: clock.now().toISOString(), ...entry };
    entries.push(full);
    if (entry.kind === 'charge') charged.set(entry.transactionId, entry.amountCents);
    if (recordFile) {
      mkdirSync(dirname(recordFile), { recursive: true });
      appendFileSync(recordFile, `${JSON.stringify(full)}\n`);
    }
  };
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  const encode = (prefix: string, payload: TokenPayload) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${prefix}${body}.${sign(`${prefix}${body}`)}`;
  };
  const decode = (prefix: string, token: string): TokenPayload | undefined => {
    if (!token.startsWith(prefix)) return undefined;
    const [body, signature] = token.slice(prefix.length).split('.');
    if (!body || !signature) return undefined;
    const expected = Buffer.from(sign(`${prefix}${body}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      return undefined;
    }
  };
  const cardOf = (p: TokenPayload): CardInfo => ({ brand: p.brand, last4: p.last4, expirationMonth: p.expirationMonth, expirationYear: p.expirationYear });
  const payloadOf = (source: { nonce: string } | { token: string }) => ('nonce' in source ? decode(NONCE, source.nonce) : decode(VAULT, source.token));

  const settlement = async (transactionId: string): Promise<'unsettled' | 'settled'> => {
    const takenAt = chargedAt(transactionId);
    return takenAt !== undefined && clock.now().getTime() - takenAt >= settleSeconds * 1000 ? 'settled' : 'unsettled';
  };

  return {
    name: 'local',
    async clientToken() {
      return undefined;
    },
    tokenize(card): GatewayOutcome<{ nonce: string; card: CardInfo }> {
      const number = card.number.replace(/\s+/g, '');
      const { approved, declined } = constants.testCardNumbers;
      const known = approved.find((c) => c.number === number) ?? declined.find((c) => c.number === number);
      const expiry = parseExpiration(card.expiration, clock.now());
      const cvvLength = known?.brand === 'American Express' ? 4 : 3;
      if (!known || !expiry || card.cvv.length !== cvvLength) return { ok: false, reason: 'invalid' };
      const payload: TokenPayload = {
        brand: known.brand,
        last4: number.slice(-4),
        expirationMonth: expiry.month,
        expirationYear: expiry.year,
        declines: declined.some((c) => c.number === number),
        id: randomUUID(),
      };
      return { ok: true, nonce: encode(NONCE, payload), card: cardOf(payload) };
    },
    async vault(nonce) {
      const payload = decode(NONCE, nonce);
      if (!payload) return { ok: false, reason: 'invalid' };
      if (payload.declines) return { ok: false, reason: 'declined', card: cardOf(payload) };
      return { ok: true, token: encode(VAULT, { ...payload, id: randomUUID() }), card: cardOf(payload) };
    },
    async charge(request) {
      const payload = payloadOf(request.source);
      if (!payload) return { ok: false, reason: 'invalid' };
      if (payload.declines) return { ok: false, reason: 'declined', card: cardOf(payload) };
      const transactionId = `${CHARGE}${clock.now().getTime()}_${randomUUID()}`;
      keep({ kind: 'charge', transactionId, chargeTransactionId: transactionId, amountCents: request.amountCents });
      return { ok: true, transactionId, card: cardOf(payload) };
    },
    settlement,
    async void(transactionId, amountCents) {
      // Nothing left the building: a local charge moves no money; a settled one cannot be voided.
      if (chargedAt(transactionId) === undefined) throw new Error('unknown local transaction');
      if ((await settlement(transactionId)) === 'settled') throw new Error('a settled charge cannot be voided');
      if (entries.some((e) => e.kind === 'void' && e.chargeTransactionId === transactionId)) return;
      keep({
        kind: 'void',
        transactionId: `${transactionId}:void`,
        chargeTransactionId: transactionId,
        amountCents: -(charged.get(transactionId) ?? amountCents ?? 0),
      });
    },
    async refund(transactionId, amountCents) {
      if (chargedAt(transactionId) === undefined || !Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, reason: 'invalid' };
      if ((await settlement(transactionId)) !== 'settled') return { ok: false, reason: 'declined', message: 'not settled yet' };
      const refundId = `rfd_local_${randomUUID()}`;
      keep({ kind: 'refund', transactionId: refundId, chargeTransactionId: transactionId, amountCents: -amountCents });
      return { ok: true, refundId };
    },
    async record(from, to) {
      return entries.filter((e) => e.at >= from.toISOString() && e.at <= to.toISOString()).map((e) => ({ ...e }));
    },
  };
}
