/** Session search for support (GET /support/sessions), behind the patientSessionSearch flag. */
import type { EndpointTypes } from '@/generated/entities';
import { reachesEveryAccount } from '@/domain/permissions';
import type { Queryable } from '../db/connection';
import type { Caller } from '../plugins/auth';

type Query = EndpointTypes['searchSupportSessions']['query'];
type Found = EndpointTypes['searchSupportSessions']['response']['items'][number];

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const contains = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchSessions(db: Queryable, caller: Caller, q: Query): Promise<Found[]> {
  const partnerOnly = !reachesEveryAccount(caller.groups);
  if (partnerOnly && !caller.businessPartnerId) return [];
  const rows = await db.query<{
    id: string;
    start_at: Date;
    time_zone: string;
    status: 'booked' | 'cancelled';
    provider_name: string;
    patients: string[];
    email: string;
  }>(
    `SELECT a.id, lower(a.during) AS start_at, a.time_zone, a.status, trim(pv.first_name || ' ' || pv.last_name) AS provider_name, u.email::text AS email,
            (SELECT array_agg(p.first_name || ' ' || p.last_name ORDER BY ap.position) FROM appointment_patients ap JOIN patients p ON p.id = ap.patient_id
              WHERE ap.appointment_id = a.id) AS patients
       FROM appointments a JOIN users u ON u.id = a.user_id JOIN providers pv ON pv.id = a.provider_id
      WHERE ($1::text IS NULL OR EXISTS (SELECT 1 FROM appointment_patients ap JOIN patients p ON p.id = ap.patient_id
                                          WHERE ap.appointment_id = a.id AND (p.first_name || ' ' || p.last_name) ILIKE $1))
        AND ($2::text IS NULL OR u.email = $2::citext)
        AND ($3::date IS NULL OR (lower(a.during) AT TIME ZONE a.time_zone)::date = $3::date)
        AND ($4::text IS NULL OR (pv.first_name || ' ' || pv.last_name) ILIKE $4)
        AND ($5::uuid IS NULL OR u.business_partner_id = $5::uuid)
      ORDER BY lower(a.during) DESC, a.id
      LIMIT ${Math.trunc(q.limit ?? 50)}`,
    [
      q.name ? contains(q.name) : null,
      q.email?.trim() || null,
      q.date ?? null,
      q.provider ? contains(q.provider) : null,
      partnerOnly ? caller.businessPartnerId : null,
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    start: new Date(r.start_at).toISOString(),
    timeZone: r.time_zone,
    status: r.status,
    providerName: r.provider_name,
    patients: r.patients ?? [],
    accountEmail: r.email,
  }));
}
