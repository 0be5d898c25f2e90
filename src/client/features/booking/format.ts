/** How the booking screens write times and money: in the given IANA zone, in US English. */
export function formatSlotDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(new Date(iso));
}

export function formatSlotTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

export function zoneLabel(iso: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number | string | undefined | null): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === undefined || value === null || !Number.isFinite(value)) return '';
  return dollars.format(value);
}

/** "4 minutes 5 seconds", "1 minute", "30 seconds" */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes && seconds) return `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
  return minutes ? part(minutes, 'minute') : part(seconds, 'second');
}
