/** How long a hold has left, as the booking screens say it: "4 minutes 5 seconds", in the page's language. */
export { formatMinutesSeconds as formatRemaining } from '@/domain/date-format';
