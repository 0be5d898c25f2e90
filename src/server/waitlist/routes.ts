/** Waitlist calls: join, list, leave, decline an offer. Offers themselves are made by jobs (src/server/waitlist). */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { TimeOfDay } from '@/generated/enums';
import { providerMismatch } from '@/domain/waitlist';
import { reachAccount, reachPatient, reachRecord } from '@/server/accounts/reach';
import { AppError } from '@/server/errors';
import type { Compilable } from 'kysely';
import { pgCode, UNIQUE_VIOLATION } from '@/server/db/errors';
import type { RowOf } from '@/server/db/typed';
import { callerOf } from '@/server/plugins/auth';
import { entriesOfAccount, entryById } from '@/server/waitlist/entries';
import {
  attendingBirthDate,
  entryAccessById,
  insertEntry,
  insurancePlanExists,
  leaveEntry,
  lockedWaitingCount,
  offerAccessById,
} from '@/server/waitlist/repository';
import { endOffer, offerFreedTime, providerFit } from '@/server/waitlist/offers';
import type { Handlers } from '../routes/registry';

type EntryAccess = RowOf<ReturnType<typeof entryAccessById>>;

function reachEntry(request: FastifyRequest, byId: (id: string) => Compilable<EntryAccess>, id: string, action: string): Promise<EntryAccess> {
  return reachRecord(request, 'waitlist_entry', id, action, byId);
}

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
    if (body.planId !== undefined && !(await insurancePlanExists(db, body.planId))) {
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
        const n = await lockedWaitingCount(tx, account.id);
        if (n >= constants.waitlistEntriesPerAccount) throw new AppError('WAITLIST_LIMIT_REACHED');
        return insertEntry(tx, {
          accountId: account.id,
          patientId: body.patientId ?? null,
          providerId: body.providerId ?? null,
          counselingType: body.counselingType ?? null,
          appointmentMode: body.appointmentMode ?? null,
          planId: body.planId ?? null,
          stateCode: body.stateCode,
          timesOfDay: body.timesOfDay ?? [],
          createdBy: callerOf(request).userId,
          at: now,
        });
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
    return { items: await entriesOfAccount(request.server.database, account.id) };
  },

  async leaveWaitlist(request) {
    const entry = await reachEntry(request, entryAccessById, request.params.id, 'leaveWaitlist');
    const db = request.server.database;
    const now = request.server.clock.now();
    const freed = await db.transaction(async (tx) => {
      const open = await leaveEntry(tx, entry.id, now);
      return open ? endOffer(tx, open.id, 'withdrawn', now) : undefined;
    });
    if (freed) await offerFreedTime(request.server, freed);
    return (await entryById(db, entry.id))!;
  },

  async declineWaitlistOffer(request) {
    const entry = await reachEntry(request, offerAccessById, request.params.id, 'declineWaitlistOffer');
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
  const row = await attendingBirthDate(request.server.database, accountId, patientId);
  return row?.dob ?? null;
}
