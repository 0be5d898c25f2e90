/**
 * Dates and times as people read them: the one formatting module for screens, e-mails and PDFs.
 * Instants are shown in a named IANA zone (the provider's, the patient's, the billing zone), never the
 * host's, with the platform's Intl (no time-zone library on public pages). Every function takes a locale,
 * the active language (src/domain/locale.ts) unless given. Calendar-date arithmetic on "YYYY-MM-DD" values lives in dates.ts.
 */
import * as placesConstants from '../generated/constants/places';
import { activeLocale, DEFAULT_LOCALE, intlLocale, MACHINE_LOCALE, type Locale } from './locale';
import { messageIn } from './messages';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: zone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** Intl puts a narrow no-break space before AM/PM in some versions: one plain space everywhere, so server and browser agree. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function format(at: string | Date, zone: string, options: Intl.DateTimeFormatOptions, locale: Locale): string {
  return plain(formatter(locale, zone, options).format(typeof at === 'string' ? new Date(at) : at));
}

/** Names of IANA zones: area/location ("America/Denver", "America/Argentina/Buenos_Aires") or a single word ("UTC"). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * Whether a name is an IANA time zone the platform's zone data knows ("America/Denver", "UTC"): an account's
 * zone is checked with it, so every formatter here can show times in it. Offsets ("+05:00") are not zones.
 */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat(MACHINE_LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the device shows times in (a clinician's or patient's own screen). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "3:00 PM" */
export function formatTime(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  return format(at, zone, { hour: 'numeric', minute: '2-digit' }, locale);
}

/** "3:00 PM EST" */
export function formatTimeWithZone(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  return format(at, zone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, locale);
}

/** "Thu, Nov 26" */
export function formatDay(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  return format(at, zone, { weekday: 'short', month: 'short', day: 'numeric' }, locale);
}

/** "Thursday, November 26" */
export function formatLongDay(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  return format(at, zone, { weekday: 'long', month: 'long', day: 'numeric' }, locale);
}

/** "Nov 26, 2026" */
export function formatDate(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  return format(at, zone, { month: 'short', day: 'numeric', year: 'numeric' }, locale);
}

/** "Nov 26, 2026" ("26 nov 2026"): a calendar date ("YYYY-MM-DD", no time and so no zone) in the language. */
export function formatCalendarDate(iso: string, locale: Locale = activeLocale()): string {
  return formatDate(`${iso}T00:00:00Z`, 'UTC', locale);
}

/** "Nov 26, 2026 3:00 PM EST" (statements and receipts) */
export function formatDateTime(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  return `${formatDate(at, zone, locale)} ${formatTimeWithZone(at, zone, locale)}`;
}

/** "Thursday, November 26, 3:00 PM EST": a session's time where the patient reads their sessions. */
export function formatSessionTime(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  // Day and time are formatted apart: joined formats differ between ICU versions ("at" or ",").
  return `${formatLongDay(at, zone, locale)}, ${formatTimeWithZone(at, zone, locale)}`;
}

/** "Monday, March 9, 2026 at 9:00 AM EDT": a session's time in an e-mail or a signed document. */
export function formatWhen(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  const day = format(at, zone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, locale);
  return messageIn(locale, 'dates.dayAtTime', { day, time: formatTimeWithZone(at, zone, locale) });
}

/** "Monday" for ISO weekday 1 … "Sunday" for 7. */
export function weekdayName(isoWeekday: number, locale: Locale = activeLocale()): string {
  // 1 January 2024 was a Monday.
  return format(new Date(Date.UTC(2024, 0, isoWeekday)), 'UTC', { weekday: 'long' }, locale);
}

/** "EST": the zone's short name at that instant. */
export function zoneAbbreviation(at: string | Date, zone: string, locale: Locale = activeLocale()): string {
  const part = formatter(locale, zone, { timeZoneName: 'short' })
    .formatToParts(typeof at === 'string' ? new Date(at) : at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

function offsetMinutes(zone: string, at: Date): number {
  const name =
    formatter(DEFAULT_LOCALE, zone, { timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/**
 * "Eastern Standard Time" / "Eastern Daylight Time" ("hora estándar del Este"): the zone's name in the reader's
 * language. The spec's labels (constants.timeZones) are English: they name a listed zone in English; every other
 * language takes the platform's name for it (Intl), so a Spanish page never says "Pacific Standard Time".
 */
export function zoneLabel(zone: string, at: Date = new Date(), locale: Locale = activeLocale()): string {
  const listed = placesConstants.timeZones.find((z) => z.zone === zone);
  if (listed && locale === DEFAULT_LOCALE) {
    const year = at.getUTCFullYear();
    const standard = Math.min(offsetMinutes(zone, new Date(Date.UTC(year, 0, 1))), offsetMinutes(zone, new Date(Date.UTC(year, 6, 1))));
    return offsetMinutes(zone, at) > standard ? listed.daylight : listed.standard;
  }
  const name = formatter(locale, zone, { timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ?? zone;
}

/** "Mountain Time" ("hora de las Montañas Rocosas"): the zone's general name, the same in summer and winter. */
export function zoneGeneralName(zone: string, locale: Locale = activeLocale()): string {
  const name = formatter(locale, zone, { timeZoneName: 'longGeneric' })
    .formatToParts(new Date(0))
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ?? zone;
}

export interface ZoneChoice {
  zone: string;
  label: string;
}

/**
 * The zones a person may choose for their account: the spec's list (constants.timeZones), with the zone they
 * have and their device's when neither is listed, each named in their language; two zones with one name (Denver
 * and Phoenix in winter) are told apart by their city.
 */
export function zoneChoices(extra: readonly (string | undefined | null)[], at: Date = new Date(), locale: Locale = activeLocale()): ZoneChoice[] {
  const zones: string[] = placesConstants.timeZones.map((z) => z.zone);
  for (const zone of extra) if (zone && isTimeZone(zone) && !zones.includes(zone)) zones.push(zone);
  const named = zones.map((zone) => ({ zone, label: zoneLabel(zone, at, locale) }));
  const city = (zone: string) => (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
  return named.map((choice) =>
    named.filter((other) => other.label === choice.label).length > 1 ? { ...choice, label: `${choice.label} (${city(choice.zone)})` } : choice,
  );
}

/**
 * "9:00 AM MST" where the provider reads the same zone; "9:00 AM MST your time (10:00 AM CST in Texas)" where
 * theirs differs (booking and session screens). `place` names where the provider is (their state), else their zone.
 */
export function formatTimeForReader(at: string | Date, readerZone: string, providerZone: string, place?: string, locale: Locale = activeLocale()): string {
  const time = formatTimeWithZone(at, readerZone, locale);
  if (formatTimeWithZone(at, providerZone, locale) === time) return time;
  const otherTime = formatTimeWithZone(at, providerZone, locale);
  const instant = typeof at === 'string' ? new Date(at) : at;
  return messageIn(locale, 'dates.yourTimeAndTheirs', { time, otherTime, place: place ?? zoneLabel(providerZone, instant, locale) });
}

/**
 * A short span of time in words: "4 minutes 5 seconds", "1 minute", "30 seconds" ("4 minutos 5 segundos"),
 * rounded up to the second; the units and their plurals come from Intl in the language.
 */
export function formatMinutesSeconds(ms: number, locale: Locale = activeLocale()): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const tag = intlLocale(locale);
  const part = (n: number, unit: 'minute' | 'second') => new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
  const parts = minutes && seconds ? [part(minutes, 'minute'), part(seconds, 'second')] : [minutes ? part(minutes, 'minute') : part(seconds, 'second')];
  return new Intl.ListFormat(tag, { style: 'narrow', type: 'unit' }).format(parts);
}
