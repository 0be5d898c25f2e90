/**
 * Dates, times and money as people read them, with the browser's Intl (no time-zone library on
 * public pages). Times of a provider's slots are shown in the provider's time zone and say which.
 */
import { constants } from '../../generated/constants';
import { isoDateIn } from '../../domain/dates';

const LOCALE = 'en-US';
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { timeZone: zone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** Intl puts a narrow no-break space before AM/PM in some versions: one plain space everywhere, so server and browser agree. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** "3:00 PM" */
export function formatTime(iso: string, zone: string): string {
  return plain(formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)));
}

/** "Thu, Nov 26" */
export function formatDay(iso: string, zone: string): string {
  return plain(formatter(zone, { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(iso)));
}

/** "Thursday, November 26" */
export function formatLongDay(iso: string, zone: string): string {
  return plain(formatter(zone, { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso)));
}

/** The calendar date of an instant in a zone, "2026-11-26". */
export function localDateKey(iso: string | Date, zone: string): string {
  return isoDateIn(typeof iso === 'string' ? new Date(iso) : iso, zone);
}

function offsetMinutes(zone: string, at: Date): number {
  const name = formatter(zone, { timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** "Eastern Standard Time" / "Eastern Daylight Time": the spec's labels (constants.timeZones) when the zone is listed. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const listed = constants.timeZones.find((z) => z.zone === zone);
  if (listed) {
    const year = at.getUTCFullYear();
    const standard = Math.min(offsetMinutes(zone, new Date(Date.UTC(year, 0, 1))), offsetMinutes(zone, new Date(Date.UTC(year, 6, 1))));
    return offsetMinutes(zone, at) > standard ? listed.daylight : listed.standard;
  }
  const name = formatter(zone, { timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return name ?? zone;
}

/** "$150" (or "$150.50"); text rates are read as numbers. */
export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(value) ? 0 : 2 }).format(value);
}

/** "OH, PA and TX" */
export function formatList(items: readonly string[]): string {
  return new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' }).format(items);
}

/** "Ohio" for "OH" (constants.usStates); the code itself when unknown. */
export function stateName(code: string): string {
  const upper = code.toUpperCase();
  return constants.usStates.find((s) => s.code === upper)?.name ?? upper;
}

/** "Jordan Rivera": a person's first and last name, whichever are given. */
export function fullName(p: { firstName?: string | null; lastName?: string | null }): string {
  return [p.firstName, p.lastName].filter(Boolean).join(' ');
}

/** The label an enumeration of specs/enums gives a value (the value itself for one it does not list). */
export function enumLabel(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}
