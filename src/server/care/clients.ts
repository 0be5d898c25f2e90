/**
 * A clinician's clients: patients with a past or upcoming session (booked or
 * cancelled) with the provider, and patients referred to the provider whose referral the provider
 * accepted (before their first session they are the provider's new clients). Only the provider's own clients are reached; anyone else answers
 * NOT_FOUND like an unknown patient, and the refusal is audited. Measures (src/domain/measures.ts)
 * are read here too, for the lists and the client page.
 */
import type { FastifyRequest } from 'fastify';
import type { CareClient, MeasureScore } from '@/generated/entities';
import type { CareStatus, NenaNeed } from '@/generated/enums';
import { nenaNeeds } from '@/domain/nena';
import { ageOn, todayIso } from '@/domain/dates';
import { bandOf, isInstrument, type Instrument } from '@/domain/measures';
import { writeAudit } from '../audit';
import type { Queryable } from '../db/connection';
import { all, first, isoDay, qb, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { callerProviderId } from './provider';

const OPEN_TASK = ['open', 'in_progress', 'on_hold'];

const measureSelect = () => qb.selectFrom('measure_responses').select(['id', 'patient_id', 'instrument', 'total', 'urgent', 'completed_at']);

export type MeasureRow = RowOf<ReturnType<typeof measureSelect>>;

export function measureOut(r: MeasureRow): MeasureScore {
  const instrument = (isInstrument(r.instrument) ? r.instrument : 'phq9') as Instrument;
  const { band, label } = bandOf(instrument, r.total);
  return { id: r.id, instrument, total: r.total, band, bandLabel: label, urgent: r.urgent, completedAt: new Date(r.completed_at).toISOString() };
}

/** Every measure of these patients, oldest first. */
export async function measuresOf(db: Queryable, patientIds: readonly string[]): Promise<MeasureRow[]> {
  if (!patientIds.length) return [];
  return all(
    db,
    measureSelect()
      .where('patient_id', '=', sql<string>`ANY(${[...patientIds]}::uuid[])`)
      .orderBy('completed_at')
      .orderBy('id'),
  );
}

/**
 * Every (provider_id, patient_id) pair where the patient is the provider's client: a session with
 * them (any status), or a referral to them that they accepted. The one definition of "a client of".
 */
export const clientLinks = () =>
  qb
    .selectFrom('appointments as a')
    .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
    .select(['a.provider_id', 'ap.patient_id'])
    .union(
      qb
        .selectFrom('tasks as t')
        .select(['t.provider_id', 't.patient_id'])
        .where('t.kind', '=', sql.lit('referral'))
        .where('t.status', '=', sql.lit('completed'))
        .where('t.provider_id', 'is not', null)
        .where('t.patient_id', 'is not', null)
        .$narrowType<{ provider_id: string; patient_id: string }>(),
    );

/** The provider's clients (clientLinks) with their sessions with the provider as of `now`, one row each once grouped by p.id. */
function clientSelect(providerId: string, now: Date) {
  const at = sql<Date>`${now.toISOString()}::timestamptz`;
  return qb
    .selectFrom('patients as p')
    .leftJoin(
      qb
        .selectFrom('appointments as a')
        .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
        .select(['a.during', 'a.status', 'ap.patient_id'])
        .where('a.provider_id', '=', providerId)
        .as('s'),
      's.patient_id',
      'p.id',
    )
    .select((eb) => {
      const openTasks = () =>
        eb.selectFrom('tasks as t').whereRef('t.patient_id', '=', 'p.id').where('t.provider_id', '=', providerId).where('t.status', 'in', OPEN_TASK);
      return [
        'p.id',
        'p.first_name',
        'p.last_name',
        isoDay(eb.ref('p.date_of_birth')).as('date_of_birth'),
        sql<Date | null>`min(lower(s.during)) FILTER (WHERE s.status = 'booked' AND upper(s.during) > ${at})`.as('next_at'),
        sql<Date | null>`max(lower(s.during)) FILTER (WHERE s.status = 'booked' AND upper(s.during) <= ${at})`.as('last_at'),
        sql<boolean | null>`bool_or(s.status = 'booked')`.as('any_booked'),
        openTasks()
          .select(sql<number>`count(*)::int`.as('n'))
          .$asScalar()
          .as('open_items'),
        eb
          .exists(
            openTasks()
              .select(sql`1`.as('one'))
              .where('t.kind', '=', 'clinical_alert'),
          )
          .$castTo<boolean>()
          .as('urgent'),
      ];
    })
    .where('p.id', 'in', qb.selectFrom(clientLinks().as('link')).select('link.patient_id').where('link.provider_id', '=', providerId))
    .groupBy('p.id');
}

type ClientRow = RowOf<ReturnType<typeof clientSelect>>;

function clientOut(r: ClientRow, measures: readonly MeasureRow[], now: Date): CareClient {
  const own = measures.filter((m) => m.patient_id === r.id);
  const latest = (i: Instrument) => {
    const last = own.filter((m) => m.instrument === i).at(-1);
    return last ? measureOut(last) : null;
  };
  const careStatus: CareStatus = r.next_at ? 'in_care' : r.any_booked ? 'returning' : 'new';
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    age: r.date_of_birth ? ageOn(r.date_of_birth, todayIso(now)) : null,
    careStatus,
    nextSession: r.next_at ? new Date(r.next_at).toISOString() : null,
    lastSession: r.last_at ? new Date(r.last_at).toISOString() : null,
    openItems: r.open_items,
    urgent: r.urgent,
    latest: { phq9: latest('phq9'), gad7: latest('gad7') },
  };
}

/** The provider's clients, those with a next session first (soonest first), then by name; `q` matches a name. */
export async function clientsOf(db: Queryable, providerId: string, now: Date, q?: string): Promise<CareClient[]> {
  let clients = clientSelect(providerId, now);
  if (q?.trim()) clients = clients.where(sql<string>`(p.first_name || ' ' || p.last_name)`, 'ilike', `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await all(
    db,
    clients
      .orderBy(sql`next_at NULLS LAST`)
      .orderBy('p.last_name')
      .orderBy('p.first_name')
      .orderBy('p.id')
      .limit(500),
  );
  const measures = await measuresOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => clientOut(r, measures, now));
}

/**
 * One client of the calling clinician's own provider, or NOT_FOUND (audited, naming the patient) when
 * the caller has no provider record or the patient is not their client.
 */
export async function reachOwnClient(request: FastifyRequest, patientId: string, action: string): Promise<CareClient> {
  const providerId = await callerProviderId(request).catch(async (e: unknown) => {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType: 'patient',
      recordId: patientId,
      details: { reason: 'no provider record' },
    });
    throw e;
  });
  return reachClient(request, providerId, patientId, action);
}

/** One client of the provider, or NOT_FOUND (audited) for anyone else. */
export async function reachClient(request: FastifyRequest, providerId: string, patientId: string, action: string): Promise<CareClient> {
  const db = request.server.database;
  const now = request.server.clock.now();
  const row = await first(db, clientSelect(providerId, now).where('p.id', '=', patientId));
  if (!row) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType: 'patient',
      recordId: patientId,
      details: { reason: 'not a client of the provider' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'patient', id: row.id };
  return clientOut(row, await measuresOf(db, [row.id]), now);
}

/** Whether the patient is the provider's client (clientLinks). */
export async function isClientOf(db: Queryable, providerId: string, patientId: string): Promise<boolean> {
  const row = await first(
    db,
    qb
      .selectFrom(clientLinks().as('link'))
      .select(sql`1`.as('one'))
      .where('link.provider_id', '=', providerId)
      .where('link.patient_id', '=', patientId)
      .limit(1),
  );
  return row !== undefined;
}

/** New clients needing attention before their first session (/care/v1/nena; src/domain/nena.ts). */
export async function nenaOf(db: Queryable, providerId: string, now: Date): Promise<{ client: CareClient; firstSession: string; needs: NenaNeed[] }[]> {
  const fresh = (await clientsOf(db, providerId, now)).filter((c) => c.nextSession && !c.lastSession);
  if (!fresh.length) return [];
  const ids = fresh.map((c) => c.id);
  const facts = await all(
    db,
    qb
      .selectFrom('patients as p')
      .select((eb) => [
        'p.id',
        eb
          .exists(
            eb
              .selectFrom('consents as c')
              .select(sql`1`.as('one'))
              .whereRef('c.patient_id', '=', 'p.id')
              .where('c.signed_at', 'is', null),
          )
          .$castTo<boolean>()
          .as('unsigned'),
        eb
          .exists(
            eb
              .selectFrom('tasks as t')
              .select(sql`1`.as('one'))
              .whereRef('t.patient_id', '=', 'p.id')
              .where('t.kind', '=', 'insurance_verification')
              .where('t.status', 'in', OPEN_TASK),
          )
          .$castTo<boolean>()
          .as('undecided'),
      ])
      .where('p.id', '=', sql<string>`ANY(${ids}::uuid[])`),
  );
  const byId = new Map(facts.map((f) => [f.id, f]));
  return fresh
    .map((client) => ({
      client,
      firstSession: client.nextSession!,
      needs: nenaNeeds({
        firstSessionAhead: true,
        hasPhq9: client.latest.phq9 !== null,
        hasGad7: client.latest.gad7 !== null,
        unsignedConsent: byId.get(client.id)?.unsigned ?? false,
        insuranceUndecided: byId.get(client.id)?.undecided ?? false,
        urgentAlertOpen: client.urgent,
      }),
    }))
    .filter((item) => item.needs.length > 0);
}
