/**
 * The one statement that writes appointments: rows of a select, each column named once with the value it takes.
 * The booking's commit (convert-hold.ts) writes the hold's place with the request's terms; a series' later
 * sessions (series.ts) copy the first session's terms at their own places. Both write the same BOOKING_TERMS, so a
 * term added to a booking is a term its series carries.
 */
import type { AliasedRawBuilder, Expression, Insertable } from 'kysely';
import { qb, sql, type DB } from '../db/typed';

type AppointmentInsert = Insertable<DB['appointments']>;

/** What a booking agreed, beside its place (provider, slot, time): who, where, how, who pays and at what price, by whom. */
export const BOOKING_TERMS = [
  'user_id',
  'practice_id',
  'appointment_mode',
  'counseling_type',
  'counseling_type_id',
  'is_follow_up',
  'time_zone',
  'self_pay',
  'self_pay_consent_category',
  'insurance_id',
  'booking_funnel',
  'booking_source',
  'app_source',
  'partnership_code',
  'business_partner_id',
  'price_cents',
  'booked_by',
] as const satisfies readonly (keyof AppointmentInsert)[];

/** An appointment's columns, each with the expression (of the select's tables, or a parameter) it is written from. */
export type AppointmentValues = { [C in keyof AppointmentInsert]?: Expression<AppointmentInsert[C]> };

/** The select list of an appointment's values: each value under its column's name. */
type ValuesList = (values: AppointmentValues) => AliasedRawBuilder<unknown, string>[];

/**
 * INSERT INTO appointments (columns) SELECT values FROM …: `rows` builds the select, its list from `values(…)` (given
 * a column → value map, typed by the select's own expression builder); the columns are that map's keys, in their
 * order, so the column list and the select list cannot drift apart. The exclusion constraints of appointments apply
 * as to any insert (23P01); the caller adds `returning`.
 */
export function insertAppointments(rows: (values: ValuesList) => Expression<object>) {
  let columns: (keyof AppointmentValues)[] = [];
  const select = rows((values) => {
    columns = Object.keys(values) as (keyof AppointmentValues)[];
    return columns.map((column) => sql`${values[column]}`.as(column));
  });
  // Kysely reads a select's list when the select is built, so the columns are known here.
  if (!columns.length) throw new Error('insertAppointments: the select took no values');
  return qb.insertInto('appointments').columns(columns).expression(select);
}
