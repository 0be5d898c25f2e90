/** Signed-in callers for integration tests: a server-side session and its access token, minted with the app's own key, for seeded accounts. */
import type { FastifyInstance } from 'fastify';
import { issueAccessToken } from '@/server/auth/tokens';
import { startSession } from '@/server/auth/server-sessions';
import { constants } from '@/generated/constants';
import type { PermissionGroup, UserType } from '@/generated/enums';

export interface TestCaller {
  id: string;
  email: string;
  groups: PermissionGroup[];
  userType: UserType;
  businessPartnerId: string | null;
  headers: Record<string, string>;
  /** the server-side session behind the token */
  sessionId: string;
}

export async function callerFor(app: FastifyInstance, email: string): Promise<TestCaller> {
  const [row] = await app.database.query<{ id: string; email: string; groups: PermissionGroup[]; user_type: UserType; business_partner_id: string | null }>(
    'SELECT id, email::text AS email, groups, user_type, business_partner_id FROM users WHERE email = $1',
    [email],
  );
  if (!row) throw new Error(`no account ${email} in the test database`);
  const now = app.clock.now();
  const expiresAt = new Date(now.getTime() + constants.accessTokenLifetimeMinutes * 60_000);
  const sessionId = await startSession(app.database, row, expiresAt, now);
  const { token } = await issueAccessToken(
    app.keys,
    {
      id: row.id,
      email: row.email,
      userType: row.user_type,
      groups: row.groups,
      businessPartnerId: row.user_type === 'third_party_support' ? row.business_partner_id : null,
      sessionId,
    },
    now,
  );
  return {
    sessionId,
    id: row.id,
    email: row.email,
    groups: row.groups,
    userType: row.user_type,
    businessPartnerId: row.business_partner_id,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** Mail the dev mailbox holds for an address, newest first, once the queued mail is delivered. */
type MailboxMessage = {
  to: string;
  subject: string;
  text: string;
  template: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** Apps of one test on one database: a mail job one of them queued may be run by another's drain, and lands in that app's mailbox. */
const mailboxSiblings = new WeakMap<FastifyInstance, FastifyInstance[]>();
export function shareMailboxes(...apps: FastifyInstance[]): void {
  for (const app of apps) mailboxSiblings.set(app, apps);
}

export async function mailTo(app: FastifyInstance, email: string): Promise<MailboxMessage[]> {
  const apps = mailboxSiblings.get(app) ?? [app];
  // With siblings, a job another app's drain took may still be on its way into that app's mailbox.
  const until = Date.now() + (apps.length > 1 ? 10_000 : 0);
  for (;;) {
    const found: MailboxMessage[] = [];
    for (const each of apps) {
      await each.jobs.drain(each);
      const res = await each.inject({ method: 'GET', url: '/dev/mailbox.json' });
      found.push(...(res.json() as { messages: MailboxMessage[] }).messages.filter((m) => m.to === email));
    }
    if (found.length || Date.now() >= until) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function auditRows(app: FastifyInstance, where = 'true', params: unknown[] = []) {
  return app.database.query<{
    actor_id: string | null;
    action: string;
    record_type: string | null;
    record_id: string | null;
    outcome: string;
    status: number | null;
    ip: string | null;
    details: Record<string, unknown>;
  }>(`SELECT actor_id, action, record_type, record_id, outcome, status, ip, details FROM audit_log WHERE ${where} ORDER BY id`, params);
}
