/** Practices (product-spec §7 Practices). */
import { constants } from '@/generated/constants';
import { practicesPage } from '@/server/marketplace/practices';
import type { Handlers } from '../routes/registry';

export const practicesHandlers: Handlers = {
  async listPractices(request) {
    const { stateCode, page = 1 } = request.query;
    const rows = await practicesPage(request.server.database, stateCode, page);
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
