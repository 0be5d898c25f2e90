/** Waitlist calls (issue 21 item 2): join, list, leave, decline an offer. Offers themselves are made by jobs (src/server/waitlist). */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { TimeOfDay } from '@/generated/enums';
import { providerMismatch } from '@/domain/waitlist';
import { reachAccount, reachPatient, reachRecord } from '@/server/accounts/reach';
import { AppError } from '@/server/errors';
import { pgCode, UNIQUE_VIOLATION } from '@/server/db/errors';
import { callerOf } from '@/server/plugins/auth';
import { entriesWhere, entryById } from '@/server/waitlist/entries';
import { endOffer, offerFreedTime, providerFit } from '@/server/waitlist/offers';
import type { Handlers } from '../registry';

interface EntryAccess {
  id: string;
  account_id: string;
  account_partner_id: string | null;
  status: string;
}

function reachEntry(request: FastifyRequest, sql: string, id: string, action: string): Promise<EntryAccess> {
  return reachRecord<EntryAccess>(request, 'waitlist_entry', id, action, sql);
}

const ENTRY_ACCESS = `SELECT e.id, e.user_id AS account_id, u.business_partner_id AS account_partner_id, e.status
  FROM waitlist_entries e JOIN users u ON u.id = e.user_id WHERE e.id = $1`;
const OFFER_ACCESS = `SELECT e.id, e.user_id AS account_id, u.business_partner_id AS account_partner_id, e.status
  FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id JOIN users u ON u.id = e.user_id WHERE o.id = $1`;

export const waitlistHandlers: Handlers = {
  async joinWaitlist(request, reply) {
    const body = request.body;
    const account = await reachAccount(request, body.userId ?? callerOf(request).userId, 'joinWaitlist');
    if (body.patientId) {
      const patient = await reachPatient(request, body.patientId, 'joinWaitlist');
      if (patient.account_id !== account.id) throw new AppError('NOT_FOUND');
    }
    const db = request.server.database;
    const now = request.server.clock.now();
    if (body.planId !== undefined && !(await db.query('SELECT 1 FROM insurance_plans WHERE id = $1', [body.planId])).length) {
      throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'planId', keyword: 'exists', message: 'no such insurance plan' }] });
    }
    if (body.providerId) {
      const provider = await providerFit(db, body.providerId);
      if (!provider) throw new AppError('NOT_FOUND');
      // Nobody waits for a provider who could never see them: the same rules as every offer.
      const birthDate = await birthDateOf(request, account.id, body.patientId);
      const unfit = providerMismatch(
        {
          providerId: body.providerId,
          counselingType: body.counselingType ?? null,
          appointmentMode: body.appointmentMode ?? null,
          planId: body.planId ?? null,
          stateCode: body.stateCode,
          timesOfDay: (body.timesOfDay ?? []) as TimeOfDay[],
          birthDate,
        },
        provider,
        now,
      );
      if (unfit) throw new AppError('WAITLIST_NOT_ELIGIBLE', { details: { reason: unfit } });
    }
    const id = await db
      .transaction(async (tx) => {
        // The account's places take turns (its row locked), so two joins at once cannot both pass the limit.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [account.id]);
        const [{ n } = { n: 0 }] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM waitlist_entries WHERE user_id = $1 AND status = 'waiting'", [
          account.id,
        ]);
        if (n >= constants.waitlistEntriesPerAccount) throw new AppError('WAITLIST_LIMIT_REACHED');
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO waitlist_entries (user_id, patient_id, provider_id, counseling_type, appointment_mode, plan_id, state_code, times_of_day, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            account.id,
            body.patientId ?? null,
            body.providerId ?? null,
            body.counselingType ?? null,
            body.appointmentMode ?? null,
            body.planId ?? null,
            body.stateCode,
            body.timesOfDay ?? [],
            callerOf(request).userId,
            now.toISOString(),
          ],
        );
        return row!.id;
      })
      .catch((error: unknown) => {
        if (pgCode(error) === UNIQUE_VIOLATION) throw new AppError('WAITLIST_ALREADY_JOINED', { cause: error });
        throw error;
      });
    request.auditTarget = { type: 'waitlist_entry', id };
    reply.status(201);
    return (await entryById(db, id))!;
  },

  async listWaitlist(request) {
    const account = await reachAccount(request, request.query.userId ?? callerOf(request).userId, 'listWaitlist');
    return { items: await entriesWhere(request.server.database, 'e.user_id = $1', [account.id]) };
  },

  async leaveWaitlist(request) {
    const entry = await reachEntry(request, ENTRY_ACCESS, request.params.id, 'leaveWaitlist');
    const db = request.server.database;
    const now = request.server.clock.now();
    const freed = await db.transaction(async (tx) => {
      await tx.query("UPDATE waitlist_entries SET status = 'left', ended_at = $2 WHERE id = $1 AND status = 'waiting'", [entry.id, now.toISOString()]);
      const [open] = await tx.query<{ id: string }>("SELECT id FROM waitlist_offers WHERE entry_id = $1 AND status = 'open'", [entry.id]);
      return open ? endOffer(tx, open.id, 'withdrawn', now) : undefined;
    });
    if (freed) await offerFreedTime(request.server, freed);
    return (await entryById(db, entry.id))!;
  },

  async declineWaitlistOffer(request) {
    const entry = await reachEntry(request, OFFER_ACCESS, request.params.id, 'declineWaitlistOffer');
    request.auditTarget = { type: 'waitlist_offer', id: request.params.id };
    const db = request.server.database;
    const now = request.server.clock.now();
    const freed = await db.transaction((tx) => endOffer(tx, request.params.id, 'declined', now));
    if (!freed) throw new AppError('WAITLIST_OFFER_CLOSED');
    await offerFreedTime(request.server, freed);
    return (await entryById(db, entry.id))!;
  },
};

/** The attending patient's date of birth: the named patient's, else the account holder's own record's, else the account's. */
async function birthDateOf(request: FastifyRequest, accountId: string, patientId: string | undefined): Promise<string | null> {
  const [row] = await request.server.database.query<{ dob: string | null }>(
    `SELECT coalesce(
       (SELECT to_char(p.date_of_birth, 'YYYY-MM-DD') FROM patients p WHERE p.id = $2::uuid),
       (SELECT to_char(p.date_of_birth, 'YYYY-MM-DD') FROM patients p WHERE p.user_id = $1 AND p.relationship = 'Self' ORDER BY p.created_at LIMIT 1),
       (SELECT to_char(u.date_of_birth, 'YYYY-MM-DD') FROM users u WHERE u.id = $1)) AS dob`,
    [accountId, patientId ?? null],
  );
  return row?.dob ?? null;
}
