/** Care status and associated providers of a patient, from their appointments. */
import { careStatus } from '@/domain/care-status';
import type { Queryable } from '../db/connection';
import { all, qb, sql } from '../db/typed';
import { appointmentsOfPatients, type AppointmentFact } from './appointments';

export function careStatusOf(patientId: string, appointments: readonly AppointmentFact[], now: Date) {
  return {
    patientId,
    ...careStatus(
      appointments.map((a) => ({ status: a.status, start: a.start_at, end: a.end_at })),
      now,
    ),
  };
}

export async function associatedProviders(db: Queryable, patientId: string, now: Date) {
  const appointments = await appointmentsOfPatients(db, [patientId]);
  if (!appointments.length) return [];
  const byProvider = new Map<string, AppointmentFact[]>();
  for (const a of appointments) byProvider.set(a.provider_id, [...(byProvider.get(a.provider_id) ?? []), a]);
  const providers = await all(
    db,
    qb
      .selectFrom('providers as pr')
      .innerJoin('practices as pc', 'pc.id', 'pr.practice_id')
      .select(['pr.id', 'pr.first_name', 'pr.last_name', 'pr.title', 'pr.slug', 'pr.practice_id', 'pc.name as practice_name'])
      .where('pr.id', '=', sql<string>`ANY(${[...byProvider.keys()]}::uuid[])`),
  );
  const items = providers.map((p) => {
    const own = byProvider.get(p.id)!;
    const summary = careStatus(
      own.map((a) => ({ status: a.status, start: a.start_at, end: a.end_at })),
      now,
    );
    const latest = Math.max(...own.map((a) => a.start_at.getTime()));
    return {
      item: {
        providerId: p.id,
        firstName: p.first_name,
        lastName: p.last_name,
        title: p.title,
        slug: p.slug,
        practiceId: p.practice_id,
        practiceName: p.practice_name,
        appointmentCount: own.length,
        nextAppointmentAt: summary.nextAppointmentAt,
        lastAppointmentAt: summary.lastAppointmentAt,
      },
      latest,
    };
  });
  return items.sort((a, b) => b.latest - a.latest).map((i) => i.item);
}
