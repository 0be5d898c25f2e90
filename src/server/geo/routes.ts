/** Offline geo lookups: a point's time zone, a zip code's or city's place. */
import { geocode, timeZonesAt } from '@/server/geo';
import type { Handlers } from '../routes/registry';

export const geoHandlers: Handlers = {
  async getGeoTimezone(request) {
    const [zone, ...others] = await timeZonesAt(request.query.latitude, request.query.longitude);
    // geo-tz always answers at least one zone (Etc/GMT±n at sea).
    return [zone!, ...others];
  },

  async geocode(request) {
    const place = await geocode(request.query.query);
    return place ? { status: 'OK' as const, result: place } : { status: 'ZERO_RESULTS' as const };
  },
};
