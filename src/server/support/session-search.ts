/** Session search for support (GET /support/sessions), behind the patientSessionSearch flag. */
import type { EndpointTypes } from '@/generated/entities';
import { reachesEveryAccount } from '@/domain/permissions';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, qb, sql } from '../db/typed';
import type { Caller } from '../plugins/auth';

type Query = EndpointTypes['searchSupportSessions']['query'];
type Found = EndpointTypes['searchSupportSessions']['response']['items'][number];

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const contains = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchSessions(db: Queryable, caller: Caller, q: Query): Promise<Found[]> {
  const partnerOnly = !reachesEveryAccount(caller.groups);
  if (partnerOnly && !caller.businessPartnerId) return [];
  const fullName = sql<string>`p.first_name || ' ' || p.last_name`;
  const providerName = sql<string>`pv.first_name || ' ' || pv.last_name`;
  const start = appointmentStart();
  const rows = await all(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('providers as pv', 'pv.id', 'a.provider_id')
      .select((eb) => [
        'a.id',
        start.as('start_at'),
        'a.time_zone',
        'a.status',
        sql<string>`trim(${providerName})`.as('provider_name'),
        sql<string>`u.email::text`.as('email'),
        eb
          .selectFrom('appointment_patients as ap')
          .innerJoin('patients as p', 'p.id', 'ap.patient_id')
          .select(sql<string[] | null>`array_agg(${fullName} ORDER BY ap.position)`.as('patients'))
          .whereRef('ap.appointment_id', '=', 'a.id')
          .$asScalar()
          .as('patients'),
      ])
      .$narrowType<{ status: 'booked' | 'cancelled' }>()
      .$if(!!q.name, (b) =>
        b.where((eb) =>
          eb.exists(
            eb
              .selectFrom('appointment_patients as ap')
              .innerJoin('patients as p', 'p.id', 'ap.patient_id')
              .select(sql.lit(1).as('one'))
              .whereRef('ap.appointment_id', '=', 'a.id')
              .where(fullName, 'ilike', contains(q.name!)),
          ),
        ),
      )
      .$if(!!q.email?.trim(), (b) => b.where('u.email', '=', sql<string>`${q.email!.trim()}::citext`))
      .$if(!!q.date, (b) => b.where(sql<string>`(${appointmentStart()} AT TIME ZONE a.time_zone)::date`, '=', sql<string>`${q.date!}::date`))
      .$if(!!q.provider, (b) => b.where(providerName, 'ilike', contains(q.provider!)))
      .$if(partnerOnly, (b) => b.where('u.business_partner_id', '=', caller.businessPartnerId!))
      .orderBy(start, 'desc')
      .orderBy('a.id')
      .limit(Math.trunc(q.limit ?? 50)),
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
