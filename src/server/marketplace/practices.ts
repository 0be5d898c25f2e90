/** Practices as the directory lists them (GET /practices). */
import { constants } from '@/generated/constants';
import type { Queryable } from '../db/connection';
import { all, qb, sql } from '../db/typed';

/** A page (1-based, constants.pageSize long) of the practices, of one state or all, by state, city and name; each row carries the total. */
export async function practicesPage(db: Queryable, stateCode: string | undefined, page: number) {
  return all(
    db,
    qb
      .selectFrom('practices')
      .select([
        'id',
        'name',
        'address_line1',
        'city',
        'state',
        'zipcode',
        'country',
        'google_place_id',
        'latitude',
        'longitude',
        'time_zone',
        sql<string>`count(*) OVER ()`.as('total'),
      ])
      .$if(stateCode !== undefined, (q) => q.where('state', '=', stateCode!))
      .orderBy('state')
      .orderBy('city')
      .orderBy('name')
      .orderBy('id')
      .limit(constants.pageSize)
      .offset((page - 1) * constants.pageSize),
  );
}
