/**
 * Places and time zones, offline. Zip codes and "City, ST" come from the zipcodes package; a point's
 * IANA time zone from geo-tz, loaded on first use (it holds ~150 MB) and only on the server.
 */
export interface Place {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  zip: string;
}

type ZipcodesModule = typeof import('zipcodes');
let zipcodes: Promise<ZipcodesModule> | undefined;
let geoTz: Promise<typeof import('geo-tz')> | undefined;

function loadZipcodes(): Promise<ZipcodesModule> {
  zipcodes ??= import('zipcodes').then((m) => (m.default ?? m) as ZipcodesModule);
  return zipcodes;
}

/** A 5-digit US zip code, or "City, ST" (state as its 2-letter code); undefined when neither is known. */
export async function geocode(query: string): Promise<Place | undefined> {
  const z = await loadZipcodes();
  const text = query.trim();
  const zipMatch = /^(\d{5})$/.exec(text);
  if (zipMatch) {
    const hit = z.lookup(zipMatch[1]!);
    return hit && hit.country === 'US' ? { latitude: hit.latitude, longitude: hit.longitude, city: hit.city, state: hit.state, zip: hit.zip } : undefined;
  }
  const cityMatch = /^(.+?)\s*,\s*([A-Za-z]{2})$/.exec(text);
  if (!cityMatch) return undefined;
  const [hit] = z.lookupByName(cityMatch[1]!, cityMatch[2]!.toUpperCase());
  return hit ? { latitude: hit.latitude, longitude: hit.longitude, city: hit.city, state: hit.state, zip: hit.zip } : undefined;
}

/** IANA zones at a point; the first is the zone id. */
export async function timeZonesAt(latitude: number, longitude: number): Promise<string[]> {
  geoTz ??= import('geo-tz');
  const { find } = await geoTz;
  return find(latitude, longitude);
}
