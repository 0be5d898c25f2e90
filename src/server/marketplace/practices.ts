/** Practices as the directory lists them (GET /practices). */
import { constants } from '@/generated/constants';
import type { Queryable } from '../db/connection';

/** A page (1-based, constants.pageSize long) of the practices, of one state or all, by state, city and name; each row carries the total. */
export async function practicesPage(db: Queryable, stateCode: string | undefined, page: number) {
  return db.query<{
    id: string;
    name: string;
    address_line1: string;
    city: string;
    state: string;
    zipcode: string;
    country: string;
    google_place_id: string | null;
    latitude: number;
    longitude: number;
    time_zone: string;
    total: string;
  }>(
    `SELECT id, name, address_line1, city, state, zipcode, country, google_place_id, latitude, longitude, time_zone, count(*) OVER () AS total
       FROM practices WHERE $1::text IS NULL OR state = $1::text
      ORDER BY state, city, name, id LIMIT ${constants.pageSize} OFFSET $2`,
    [stateCode ?? null, (page - 1) * constants.pageSize],
  );
}
