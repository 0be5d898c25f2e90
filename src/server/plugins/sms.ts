/**
 * Text messages (reminders only) behind one adapter, `app.sms`. With SMS_PROVIDER_URL the HTTP adapter
 * POSTs `{ to, text }` as JSON with a bearer token; without it (never required: texts are opt-in) the
 * local adapter records them in this process's memory, shown in the dev mailbox outside production; with
 * SMS_ENABLED=false none are sent (production requires one of the two, or DEMO_MODE).
 * Texts carry no health information (src/server/reminders/send.ts writes them from specs/messages).
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';

export interface SmsMessage {
  to: string;
  text: string;
  at: string;
}

export interface SmsSender {
  /** sends now; a throw means not sent (the caller may try again) */
  send(to: string, text: string): Promise<void>;
  /** the local adapter's record, newest first (the dev mailbox shows it); absent with a provider */
  readonly outbox?: readonly SmsMessage[];
  /** SMS_ENABLED=false: no text is ever sent (reminders go by e-mail only) */
  readonly off?: true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

const OUTBOX_SIZE = 100;

/** The adapter for a provider's HTTP API. */
export function httpSmsSender(url: string, apiKey: string | undefined, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    async send(to, text) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

/** SMS_ENABLED=false: nothing is queued for it (the reminder sweep skips texts); a text sent anyway is refused, never faked. */
export const smsOff: SmsSender = {
  off: true,
  async send() {
    throw new Error('text messages are turned off (SMS_ENABLED=false)');
  },
};

/** The offline adapter: records what would have been sent. */
export function localSmsSender(now: () => Date): SmsSender {
  const outbox: SmsMessage[] = [];
  return {
    outbox,
    async send(to, text) {
      outbox.unshift({ to, text, at: now().toISOString() });
      outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
    },
  };
}

export default fp<{ config: Config; sender?: SmsSender }>(
  async (app, { config, sender }) => {
    if (sender) app.decorate('sms', sender);
    else if (config.sms.adapter === 'http') app.decorate('sms', httpSmsSender(config.sms.url, config.sms.apiKey));
    else if (config.sms.adapter === 'off') app.decorate('sms', smsOff);
    else
      app.decorate(
        'sms',
        localSmsSender(() => app.clock.now()),
      );
  },
  { name: 'sms', dependencies: ['clock'] },
);
