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
import { AppError } from '../errors';
import { callerProviderId } from './provider';

export interface MeasureRow {
  id: string;
  patient_id: string;
  instrument: string;
  total: number;
  urgent: boolean;
  completed_at: Date | string;
}

export function measureOut(r: MeasureRow): MeasureScore {
  const instrument = (isInstrument(r.instrument) ? r.instrument : 'phq9') as Instrument;
  const { band, label } = bandOf(instrument, r.total);
  return { id: r.id, instrument, total: r.total, band, bandLabel: label, urgent: r.urgent, completedAt: new Date(r.completed_at).toISOString() };
}

/** Every measure of these patients, oldest first. */
export async function measuresOf(db: Queryable, patientIds: readonly string[]): Promise<MeasureRow[]> {
  if (!patientIds.length) return [];
  return db.query<MeasureRow>(
    'SELECT id, patient_id, instrument, total, urgent, completed_at FROM measure_responses WHERE patient_id = ANY($1::uuid[]) ORDER BY completed_at, id',
    [patientIds],
  );
}

interface ClientRow {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  next_at: Date | null;
  last_at: Date | null;
  any_booked: boolean;
  open_items: number;
  urgent: boolean;
}

/**
 * Every (provider_id, patient_id) pair where the patient is the provider's client: a session with
 * them (any status), or a referral to them that they accepted. The one definition of "a client of".
 */
export const CLIENT_LINKS_SQL = `
  SELECT a.provider_id, ap.patient_id FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
  UNION
  SELECT t.provider_id, t.patient_id FROM tasks t WHERE t.kind = 'referral' AND t.status = 'completed' AND t.provider_id IS NOT NULL AND t.patient_id IS NOT NULL`;

const CLIENTS_SQL = `
  SELECT p.id, p.first_name, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
         min(lower(a.during)) FILTER (WHERE a.status = 'booked' AND upper(a.during) > $2::timestamptz) AS next_at,
         max(lower(a.during)) FILTER (WHERE a.status = 'booked' AND upper(a.during) <= $2::timestamptz) AS last_at,
         bool_or(a.status = 'booked') AS any_booked,
         (SELECT count(*)::int FROM tasks t WHERE t.patient_id = p.id AND t.provider_id = $1 AND t.status IN ('open', 'in_progress', 'on_hold')) AS open_items,
         EXISTS (SELECT 1 FROM tasks t WHERE t.patient_id = p.id AND t.provider_id = $1 AND t.kind = 'clinical_alert' AND t.status IN ('open', 'in_progress', 'on_hold')) AS urgent
    FROM patients p
    LEFT JOIN (appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id) ON ap.patient_id = p.id AND a.provider_id = $1
   WHERE p.id IN (SELECT link.patient_id FROM (${CLIENT_LINKS_SQL}) link WHERE link.provider_id = $1)`;

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
  const params: unknown[] = [providerId, now.toISOString()];
  let where = '';
  if (q?.trim()) {
    params.push(`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where = ` AND (p.first_name || ' ' || p.last_name) ILIKE $3`;
  }
  const rows = await db.query<ClientRow>(`${CLIENTS_SQL}${where} GROUP BY p.id ORDER BY next_at NULLS LAST, p.last_name, p.first_name, p.id LIMIT 500`, params);
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
  const [row] = await db.query<ClientRow>(`${CLIENTS_SQL} AND p.id = $3 GROUP BY p.id`, [providerId, now.toISOString(), patientId]);
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

/** Whether the patient is the provider's client (CLIENT_LINKS_SQL). */
export async function isClientOf(db: Queryable, providerId: string, patientId: string): Promise<boolean> {
  const [row] = await db.query(`SELECT 1 FROM (${CLIENT_LINKS_SQL}) link WHERE link.provider_id = $1 AND link.patient_id = $2 LIMIT 1`, [
    providerId,
    patientId,
  ]);
  return row !== undefined;
}

/** New clients needing attention before their first session (/care/v1/nena; src/domain/nena.ts). */
export async function nenaOf(db: Queryable, providerId: string, now: Date): Promise<{ client: CareClient; firstSession: string; needs: NenaNeed[] }[]> {
  const fresh = (await clientsOf(db, providerId, now)).filter((c) => c.nextSession && !c.lastSession);
  if (!fresh.length) return [];
  const ids = fresh.map((c) => c.id);
  const facts = await db.query<{ id: string; unsigned: boolean; undecided: boolean }>(
    `SELECT p.id,
            EXISTS (SELECT 1 FROM consents c WHERE c.patient_id = p.id AND c.signed_at IS NULL) AS unsigned,
            EXISTS (SELECT 1 FROM tasks t WHERE t.patient_id = p.id AND t.kind = 'insurance_verification' AND t.status IN ('open', 'in_progress', 'on_hold')) AS undecided
       FROM patients p WHERE p.id = ANY($1::uuid[])`,
    [ids],
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
