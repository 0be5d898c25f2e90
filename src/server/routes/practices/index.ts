/** Practices (product-spec §7 Practices). */
import { constants } from '@/generated/constants';
import type { Handlers } from '../registry';

export const practicesHandlers: Handlers = {
  async listPractices(request) {
    const { stateCode, page = 1 } = request.query;
    const rows = await request.server.database.query<{
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
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        address: `${r.address_line1}, ${r.city}, ${r.state} ${r.zipcode}`,
        addressLine1: r.address_line1,
        city: r.city,
        state: r.state,
        zipcode: r.zipcode,
        country: r.country,
        googlePlaceId: r.google_place_id,
        latitude: r.latitude,
        longitude: r.longitude,
        timeZone: r.time_zone,
      })),
      total: rows.length ? Number(rows[0]!.total) : 0,
      page,
      pageSize: constants.pageSize,
    };
  },
};
