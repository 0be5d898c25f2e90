/** How long a hold has left, as the booking screens say it. */
/** "4 minutes 5 seconds", "1 minute", "30 seconds" */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes && seconds) return `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
  return minutes ? part(minutes, 'minute') : part(seconds, 'second');
}
