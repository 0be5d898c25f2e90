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
import { AppError } from '../errors';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { filterCatalogue } from '../marketplace/filters';
import { providerSlugs } from '../marketplace/providers';
import { createTask } from '../tasks/service';
import { taskText } from '@/domain/task-text';

type Row = EndpointTypes['listAdminProviders']['response']['items'][number];
type Answer = EndpointTypes['getAdminProvider']['response'];

interface ProviderRow {
  id: string;
  first_name: string;
  last_name: string;
  title: string;
  about: string;
  about_locale: string;
  filter_ids: number[];
  licensed_states: string[];
  practice_id: string;
  pay_individual: string;
  pay_follow_up: string | null;
  removed_reason: string | null;
  slug: string;
  offers_medication: boolean;
  accepting_new_patients: boolean;
  practice_name: string;
  upcoming: number;
}

const SELECT = `SELECT p.id, p.first_name, p.last_name, p.title, p.about, p.about_locale, p.filter_ids, p.licensed_states, p.practice_id, p.pay_individual::text AS pay_individual,
       p.pay_follow_up::text AS pay_follow_up, p.removed_reason, p.slug, p.offers_medication, p.accepting_new_patients, pr.name AS practice_name,
       (SELECT count(*)::int FROM appointments a WHERE a.provider_id = p.id AND a.status = 'booked' AND lower(a.during) > $1::timestamptz) AS upcoming
  FROM providers p JOIN practices pr ON pr.id = p.practice_id`;

function profilePath(r: ProviderRow): string {
  return providerSlugs({ slug: r.slug, licensed_states: r.licensed_states, offers_medication: r.offers_medication })[0]?.path ?? '/';
}

export async function listProviders(db: Queryable, now: Date, q: string | undefined, limit: number): Promise<Row[]> {
  const rows = await db.query<ProviderRow>(
    `${SELECT} WHERE ($2::text IS NULL OR (p.first_name || ' ' || p.last_name) ILIKE '%' || $2::text || '%')
      ORDER BY p.removed_at IS NOT NULL, p.last_name, p.first_name, p.id LIMIT ${Math.trunc(limit)}`,
    [now.toISOString(), q?.trim() ? q.trim().replace(/[%_\\]/g, (c) => `\\${c}`) : null],
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
  const [row] = await db.query<ProviderRow>(`${SELECT} WHERE p.id = $2${forUpdate ? ' FOR UPDATE OF p' : ''}`, [now.toISOString(), id]);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function adminProvider(db: Queryable, id: string, now: Date): Promise<Answer> {
  const r = await providerRow(db, id, now);
  const practices = await db.query<{ id: string; name: string; city: string; state: string }>('SELECT id, name, city, state FROM practices ORDER BY name, id');
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
    const [practice] = await tx.query('SELECT 1 FROM practices WHERE id = $1', [body.practiceId]);
    if (!practice) throw invalid('practiceId', messageTemplate('availability.notYourPractice'));
    await tx.query(
      `UPDATE providers SET about = $2, about_locale = $9, title = $3, filter_ids = $4, licensed_states = $5, practice_id = $6, pay_individual = $7, pay_follow_up = $8,
              accepting_new_patients = coalesce($10, accepting_new_patients)
        WHERE id = $1`,
      [
        id,
        body.about.trim(),
        body.title,
        body.filterIds,
        [...body.licensedStates].sort(),
        body.practiceId,
        body.payIndividual,
        body.payFollowUp,
        body.aboutLocale,
        body.acceptingNewPatients ?? null,
      ],
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
    await tx.query('UPDATE providers SET removed_at = $2, removed_reason = $3 WHERE id = $1', [id, nowIso, reason]);
    // Open future slots go; held or booked ones stay with their sessions.
    const open = await tx.query<{ id: string }>(
      `SELECT s.id FROM slots s WHERE s.provider_id = $1 AND lower(s.during) >= $2::timestamptz
          AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.slot_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = s.id AND a.status = 'booked')`,
      [id, nowIso],
    );
    if (open.length) await tx.query('DELETE FROM slots WHERE id = ANY($1::uuid[])', [open.map((s) => s.id)]);
    const sessions = await tx.query<{ id: string; patient_id: string | null; start: Date }>(
      `SELECT a.id, (SELECT x.patient_id FROM appointment_patients x WHERE x.appointment_id = a.id ORDER BY x.position LIMIT 1) AS patient_id, lower(a.during) AS start
         FROM appointments a WHERE a.provider_id = $1 AND a.status = 'booked' AND lower(a.during) > $2::timestamptz ORDER BY lower(a.during), a.id`,
      [id, nowIso],
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
