/**
 * The time zone a US address lies in (a person's zone is suggested from their device, then from their
 * address). By state, and by the first digits of the zip code where a state keeps two clocks (El Paso in Mountain
 * time, the Florida panhandle and western Kentucky in Central, East Tennessee in Eastern, ...). Zones are the
 * account's choices (constants.timeZones) wherever one keeps the same clock, so a suggestion is one of them.
 * Counties split below a zip prefix are left to the state's zone: a suggestion, which the person confirms.
 */

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const ARIZONA = 'America/Phoenix';
const PACIFIC = 'America/Los_Angeles';
const ALASKA = 'America/Anchorage';
const HAWAII = 'Pacific/Honolulu';

const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: CENTRAL,
  AK: ALASKA,
  AZ: ARIZONA,
  AR: CENTRAL,
  CA: PACIFIC,
  CO: MOUNTAIN,
  CT: EASTERN,
  DE: EASTERN,
  DC: EASTERN,
  FL: EASTERN,
  GA: EASTERN,
  HI: HAWAII,
  ID: MOUNTAIN,
  IL: CENTRAL,
  IN: EASTERN,
  IA: CENTRAL,
  KS: CENTRAL,
  KY: EASTERN,
  LA: CENTRAL,
  ME: EASTERN,
  MD: EASTERN,
  MA: EASTERN,
  MI: EASTERN,
  MN: CENTRAL,
  MS: CENTRAL,
  MO: CENTRAL,
  MT: MOUNTAIN,
  NE: CENTRAL,
  NV: PACIFIC,
  NH: EASTERN,
  NJ: EASTERN,
  NM: MOUNTAIN,
  NY: EASTERN,
  NC: EASTERN,
  ND: CENTRAL,
  OH: EASTERN,
  OK: CENTRAL,
  OR: PACIFIC,
  PA: EASTERN,
  RI: EASTERN,
  SC: EASTERN,
  SD: CENTRAL,
  TN: CENTRAL,
  TX: CENTRAL,
  UT: MOUNTAIN,
  VT: EASTERN,
  VA: EASTERN,
  WA: PACIFIC,
  WV: EASTERN,
  WI: CENTRAL,
  WY: MOUNTAIN,
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  MP: 'Pacific/Saipan',
  AS: 'Pacific/Pago_Pago',
};

/**
 * Zip prefixes (three digits, or the whole five) whose clock is not their state's. The longest matching prefix
 * wins; each is checked against the state, so a zip typed with the wrong state is not moved by it.
 */
const ZIP_ZONES: readonly { state: string; prefixes: readonly string[]; zone: string }[] = [
  // West Texas: El Paso and Hudspeth counties (798-799, 885); Van Horn (Culberson) keeps Mountain time too.
  { state: 'TX', prefixes: ['798', '799', '885'], zone: MOUNTAIN },
  // The Florida panhandle west of the Apalachicola: Pensacola (325), Panama City and Marianna (324).
  { state: 'FL', prefixes: ['324', '325'], zone: CENTRAL },
  // Western Kentucky: Paducah (420), Bowling Green (421-422), Owensboro (423), Henderson and Madisonville (424).
  { state: 'KY', prefixes: ['420', '421', '422', '423', '424'], zone: CENTRAL },
  // East Tennessee: Chattanooga (373-374), Johnson City (376), Knoxville (377-379).
  { state: 'TN', prefixes: ['373', '374', '376', '377', '378', '379'], zone: EASTERN },
  // Indiana's corners in Central time: Gary and Hammond (463-464), Evansville (476-477).
  { state: 'IN', prefixes: ['463', '464', '476', '477'], zone: CENTRAL },
  // Michigan's Upper Peninsula along Wisconsin: Iron Mountain, Menominee, Ironwood.
  { state: 'MI', prefixes: ['49801', '49802', '49858', '49938'], zone: CENTRAL },
  // Southwest North Dakota: Dickinson (586); western South Dakota: Rapid City (577); the Nebraska panhandle (693).
  { state: 'ND', prefixes: ['586'], zone: MOUNTAIN },
  { state: 'SD', prefixes: ['577'], zone: MOUNTAIN },
  { state: 'NE', prefixes: ['693'], zone: MOUNTAIN },
  // North Idaho: Lewiston and Moscow (835), the panhandle (838) in Pacific time; Malheur County, Oregon (979) in Mountain time.
  { state: 'ID', prefixes: ['835', '838'], zone: PACIFIC },
  { state: 'OR', prefixes: ['979'], zone: MOUNTAIN },
  // West Wendover, Nevada keeps Mountain time with Wendover, Utah.
  { state: 'NV', prefixes: ['89883'], zone: MOUNTAIN },
  // Phenix City, Alabama keeps Eastern time with Columbus, Georgia.
  { state: 'AL', prefixes: ['36867', '36868', '36869'], zone: EASTERN },
];

export interface AddressForZone {
  state?: string | null;
  zipcode?: string | null;
}

/** The IANA zone of a US address, by its zip code where its state keeps two clocks; undefined for no known state. */
export function zoneOfAddress(address: AddressForZone): string | undefined {
  const state = address.state?.trim().toUpperCase() ?? '';
  const byState = STATE_ZONES[state];
  if (!byState) return undefined;
  const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(address.zipcode ?? '')?.[1];
  if (!zip) return byState;
  let best: { length: number; zone: string } | undefined;
  for (const rule of ZIP_ZONES) {
    if (rule.state !== state) continue;
    for (const prefix of rule.prefixes) {
      if (zip.startsWith(prefix) && (!best || prefix.length > best.length)) best = { length: prefix.length, zone: rule.zone };
    }
  }
  return best?.zone ?? byState;
}

/** The zone's offsets in January and July of a year: two zones with the same keep the same clock that year. */
function clockOf(zone: string, year: number): string {
  return [0, 6]
    .map((month) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(Date.UTC(year, month, 15))))
    .map((parts) => parts.find((part) => part.type === 'timeZoneName')?.value ?? '')
    .join(' ');
}

/**
 * The address's zone to suggest to a person who reads times in `current`: only when it keeps a different clock
 * (America/Indiana/Indianapolis and America/New_York are one clock: nothing to suggest).
 */
export function addressZoneToSuggest(addressZone: string | undefined, current: string | undefined, at: Date): string | undefined {
  if (!addressZone) return undefined;
  if (!current) return addressZone;
  const year = at.getUTCFullYear();
  try {
    return clockOf(addressZone, year) === clockOf(current, year) ? undefined : addressZone;
  } catch {
    // A zone the platform does not know (an old browser's) cannot be compared: the address's is the better guess.
    return addressZone;
  }
}
