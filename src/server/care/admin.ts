/**
 * Clinical admin (/care/admin, /care/admin/{id}/edit): find providers, edit the
 * profile a clinical admin owns (about, title, filters, licensed states, practice, pay rates), and
 * remove a provider with a removal reason of product-spec §3. Removal withdraws their open slots and
 * search listing (the profile then answers 204 and its pages 410) and puts each upcoming booked session
 * on the red-alert queue of the one task model, in the same transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { AdminProviderProfile, EndpointTypes } from '@/generated/entities';
import type { ProviderRemovalReason } from '@/generated/enums';
import { messageTemplate } from '@/domain/messages';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, first, qb, run, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { openFutureSlots } from './availability';
import { filterCatalogue } from '../marketplace/filters';
import { providerSlugs } from '../marketplace/providers';
import { createTask } from '../tasks/service';
import { taskText } from '@/domain/task-text';

type Row = EndpointTypes['listAdminProviders']['response']['items'][number];
type Answer = EndpointTypes['getAdminProvider']['response'];

/** A provider with their practice's name and how many booked sessions they have after `now`. */
const providerSelect = (now: Date) =>
  qb
    .selectFrom('providers as p')
    .innerJoin('practices as pr', 'pr.id', 'p.practice_id')
    .select((eb) => [
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.title',
      'p.about',
      'p.about_locale',
      'p.filter_ids',
      'p.licensed_states',
      'p.practice_id',
      sql<string>`p.pay_individual::text`.as('pay_individual'),
      sql<string | null>`p.pay_follow_up::text`.as('pay_follow_up'),
      'p.removed_reason',
      'p.slug',
      'p.offers_medication',
      'p.accepting_new_patients',
      'pr.name as practice_name',
      eb
        .selectFrom('appointments as a')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('a.provider_id', '=', 'p.id')
        .where('a.status', '=', 'booked')
        .where(appointmentStart(), '>', sql<Date>`${now.toISOString()}::timestamptz`)
        .$asScalar()
        .as('upcoming'),
    ]);

type ProviderRow = RowOf<ReturnType<typeof providerSelect>>;

function profilePath(r: ProviderRow): string {
  return providerSlugs({ slug: r.slug, licensed_states: r.licensed_states, offers_medication: r.offers_medication })[0]?.path ?? '/';
}

export async function listProviders(db: Queryable, now: Date, q: string | undefined, limit: number): Promise<Row[]> {
  const named = q?.trim() ? q.trim().replace(/[%_\\]/g, (c) => `\\${c}`) : null;
  const rows = await all(
    db,
    providerSelect(now)
      .$if(named !== null, (query) => query.where(sql<string>`(p.first_name || ' ' || p.last_name)`, 'ilike', sql<string>`'%' || ${named}::text || '%'`))
      .orderBy(sql`p.removed_at IS NOT NULL`)
      .orderBy('p.last_name')
      .orderBy('p.first_name')
      .orderBy('p.id')
      .limit(Math.trunc(limit)),
  );
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    title: r.title,
    practiceName: r.practice_name,
    licensedStates: r.licensed_states,
    upcomingSessions: r.upcoming,
    removedReason: r.removed_reason,
    profilePath: profilePath(r),
  }));
}

async function providerRow(db: Queryable, id: string, now: Date, forUpdate = false): Promise<ProviderRow> {
  const row = await first(
    db,
    providerSelect(now)
      .where('p.id', '=', id)
      .$if(forUpdate, (query) => query.forUpdate('p')),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function adminProvider(db: Queryable, id: string, now: Date): Promise<Answer> {
  const r = await providerRow(db, id, now);
  const practices = await all(db, qb.selectFrom('practices').select(['id', 'name', 'city', 'state']).orderBy('name').orderBy('id'));
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    profile: {
      about: r.about,
      aboutLocale: r.about_locale as AdminProviderProfile['aboutLocale'],
      title: r.title as AdminProviderProfile['title'],
      filterIds: r.filter_ids,
      licensedStates: r.licensed_states as AdminProviderProfile['licensedStates'],
      practiceId: r.practice_id,
      payIndividual: Number(r.pay_individual),
      payFollowUp: r.pay_follow_up === null ? null : Number(r.pay_follow_up),
      acceptingNewPatients: r.accepting_new_patients,
    },
    practices,
    removedReason: r.removed_reason,
    upcomingSessions: r.upcoming,
    profilePath: profilePath(r),
  };
}

function invalid(field: string, text: string): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [{ field, keyword: 'x-providerAdmin', message: text }] });
}

export async function updateProvider(request: FastifyRequest, id: string, body: AdminProviderProfile): Promise<Answer> {
  const db = request.server.database;
  const now = request.server.clock.now();
  const catalogue = await filterCatalogue(db);
  if (body.filterIds.some((f) => !catalogue.byId.has(f))) throw invalid('filterIds', messageTemplate('providerAdmin.unknownFilter'));
  if (!body.about.trim()) throw invalid('about', messageTemplate('providerAdmin.aboutRequired'));
  await db.transaction(async (tx) => {
    const current = await providerRow(tx, id, now, true);
    if (current.removed_reason) throw new AppError('NOT_FOUND');
    const practice = await first(
      tx,
      qb
        .selectFrom('practices')
        .select(sql`1`.as('one'))
        .where('id', '=', body.practiceId),
    );
    if (!practice) throw invalid('practiceId', messageTemplate('availability.notYourPractice'));
    await run(
      tx,
      qb
        .updateTable('providers')
        .set((eb) => ({
          about: body.about.trim(),
          about_locale: body.aboutLocale,
          title: body.title,
          filter_ids: body.filterIds,
          licensed_states: [...body.licensedStates].sort(),
          practice_id: body.practiceId,
          pay_individual: body.payIndividual,
          pay_follow_up: body.payFollowUp,
          accepting_new_patients: eb.fn.coalesce(sql<boolean | null>`${body.acceptingNewPatients ?? null}`, 'accepting_new_patients'),
        }))
        .where('id', '=', id),
    );
  });
  await refreshAvailabilitySummary(db, now, [id]);
  return adminProvider(db, id, now);
}

/** Removes the provider; each upcoming booked session becomes an urgent red alert. Answers how many. */
export async function removeProvider(request: FastifyRequest, id: string, reason: ProviderRemovalReason, note: string | undefined): Promise<number> {
  const db = request.server.database;
  const now = request.server.clock.now();
  const nowIso = now.toISOString();
  const alerts = await db.transaction(async (tx) => {
    const current = await providerRow(tx, id, now, true);
    if (current.removed_reason) throw new AppError('NOT_FOUND');
    await run(tx, qb.updateTable('providers').set({ removed_at: nowIso, removed_reason: reason }).where('id', '=', id));
    // Open future slots go; held or booked ones stay with their sessions.
    const open = await all(tx, openFutureSlots(id, now));
    if (open.length) await run(tx, qb.deleteFrom('slots').where('id', '=', sql<string>`ANY(${open.map((s) => s.id)}::uuid[])`));
    const sessions = await all(
      tx,
      qb
        .selectFrom('appointments as a')
        .select((eb) => [
          'a.id',
          eb
            .selectFrom('appointment_patients as x')
            .select('x.patient_id')
            .whereRef('x.appointment_id', '=', 'a.id')
            .orderBy('x.position')
            .limit(1)
            .as('patient_id'),
          appointmentStart().as('start'),
        ])
        .where('a.provider_id', '=', id)
        .where('a.status', '=', 'booked')
        .where(appointmentStart(), '>', sql<Date>`${nowIso}::timestamptz`)
        .orderBy(appointmentStart())
        .orderBy('a.id'),
    );
    // The removal reason is an enumeration value (its label in the reader's language); the admin's note stays as typed.
    const removal = { enum: 'providerRemovalReason', value: reason } as const;
    const typed = note?.trim();
    const reasonText = typed
      ? taskText('task.redAlert.providerRemovedNote', { reason: removal, note: typed })
      : taskText('task.redAlert.providerRemoved', { reason: removal });
    for (const s of sessions) {
      await createTask(
        request,
        {
          kind: 'red_alert',
          subject: { type: 'appointment', id: s.id },
          patientId: s.patient_id,
          providerId: id,
          priority: 'urgent',
          reason: reasonText,
          dueAt: new Date(s.start),
          details: { cause: 'provider_removed', removalReason: reason },
        },
        tx,
      );
    }
    return sessions.length;
  });
  await refreshAvailabilitySummary(db, now, [id]);
  return alerts;
}
