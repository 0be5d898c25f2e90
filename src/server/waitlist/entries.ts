/** Places on waitlists as the API answers them (WaitlistEntry), with their offers newest first. */
import type { WaitlistEntry } from '@/generated/entities';
import type { AppointmentMode, CounselingType, TimeOfDay, WaitlistEntryStatus, WaitlistOfferStatus } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { bookingPathOf } from '@/domain/waitlist';
import type { Queryable } from '../db/connection';

interface EntryRow {
  id: string;
  user_id: string;
  patient_id: string | null;
  provider_id: string | null;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  time_zone: string | null;
  counseling_type: CounselingType | null;
  appointment_mode: AppointmentMode | null;
  plan_id: number | null;
  state_code: string;
  times_of_day: TimeOfDay[];
  status: WaitlistEntryStatus;
  created_at: Date;
}

interface OfferRow {
  id: string;
  entry_id: string;
  status: WaitlistOfferStatus;
  slot_id: string;
  provider_id: string;
  practice_id: string;
  provider_name: string;
  start_at: Date;
  end_at: Date;
  availability_type: AppointmentMode;
  is_medication: boolean;
  offered_types: string[];
  zone: string;
  expires_at: Date;
  counseling_type: CounselingType | null;
}

const ENTRY_SQL = `SELECT e.id, e.user_id, e.patient_id, e.provider_id, p.first_name, p.last_name, p.title, p.time_zone, e.counseling_type, e.appointment_mode,
         e.plan_id, e.state_code, e.times_of_day, e.status, e.created_at
    FROM waitlist_entries e LEFT JOIN providers p ON p.id = e.provider_id`;

export async function entriesWhere(db: Queryable, where: string, params: unknown[]): Promise<WaitlistEntry[]> {
  const entries = await db.query<EntryRow>(`${ENTRY_SQL} WHERE ${where} ORDER BY (e.status = 'waiting') DESC, e.place DESC`, params);
  if (!entries.length) return [];
  const offers = await db.query<OfferRow>(
    `SELECT o.id, o.entry_id, o.status, o.slot_id, s.provider_id, s.practice_id, pr.first_name || ' ' || pr.last_name || ', ' || pr.title AS provider_name,
            lower(s.during) AS start_at, upper(s.during) AS end_at, s.availability_type, s.is_medication, o.expires_at, e.counseling_type,
            (SELECT coalesce(array_agg(f.value), '{}') FROM filters f WHERE f.id = ANY (pr.filter_ids) AND f.type = 'counseling_type') AS offered_types,
            coalesce((SELECT pa.time_zone FROM patients pa WHERE pa.id = e.patient_id), pr.time_zone) AS zone
       FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id JOIN slots s ON s.id = o.slot_id JOIN providers pr ON pr.id = s.provider_id
      WHERE o.entry_id = ANY ($1::uuid[]) ORDER BY o.created_at DESC, o.expires_at DESC`,
    [entries.map((e) => e.id)],
  );
  return entries.map((e) => ({
    id: e.id,
    userId: e.user_id,
    patientId: e.patient_id,
    provider:
      e.provider_id && e.first_name !== null
        ? { id: e.provider_id, firstName: e.first_name, lastName: e.last_name ?? '', title: e.title ?? '', timeZone: e.time_zone ?? '' }
        : null,
    counselingType: e.counseling_type,
    appointmentMode: e.appointment_mode,
    planId: e.plan_id,
    stateCode: e.state_code.trim(),
    timesOfDay: e.times_of_day,
    status: e.status,
    createdAt: new Date(e.created_at).toISOString(),
    offers: offers
      .filter((o) => o.entry_id === e.id)
      .map((o) => ({
        id: o.id,
        status: o.status,
        slotId: o.slot_id,
        providerId: o.provider_id,
        practiceId: o.practice_id,
        providerName: o.provider_name,
        start: new Date(o.start_at).toISOString(),
        end: new Date(o.end_at).toISOString(),
        appointmentMode: o.availability_type,
        timeZone: o.zone,
        expiresAt: new Date(o.expires_at).toISOString(),
        bookingPath: bookingPathOf(routeById.booking.path, {
          providerId: o.provider_id,
          practiceId: o.practice_id,
          slotId: o.slot_id,
          availabilityType: o.availability_type,
          isMedication: o.is_medication,
          offeredCounselingTypes: o.offered_types,
          askedCounselingType: o.counseling_type,
          tz: o.zone,
        }),
      })),
  }));
}

/** An account's places on the waitlist. */
export async function entriesOfAccount(db: Queryable, accountId: string): Promise<WaitlistEntry[]> {
  return entriesWhere(db, 'e.user_id = $1', [accountId]);
}

export async function entryById(db: Queryable, id: string): Promise<WaitlistEntry | undefined> {
  const [entry] = await entriesWhere(db, 'e.id = $1', [id]);
  return entry;
}
