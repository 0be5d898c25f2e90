/**
 * The host's time zone is not an input of the product: the same instant gives the same dates under
 * any TZ. Each zone runs in its own process (a zone is fixed when Node starts; setting TZ inside
 * Jest's sandbox changes nothing), at an instant where UTC, New York and Kiritimati are on three
 * different calendar days.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { constants } from '@/generated/constants';

const root = join(__dirname, '..', '..');
// 00:30 UTC on 24 November: 19:30 on the 23rd in New York, 14:30 on the 24th in Kiritimati (UTC+14),
// and 13:30 on the 23rd in Pago Pago (UTC-11).
const instant = '2026-11-24T00:30:00Z';
/** The calendar day of the instant in the product's zone, worked out here without the code under test ("2026-11-23"). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: constants.calendarTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
  new Date(instant),
);

function decisionsUnder(tz: string): unknown {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'tests/support/zone-probe.ts'), instant], {
    cwd: root,
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

describe("the product's date rules do not read the host's zone", () => {
  it.each(['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo'])(
    'under TZ=%s',
    (tz) => {
      expect(decisionsUnder(tz)).toEqual({
        today,
        oldestBirthDateMessageDate: `${today.slice(5, 7)}/${today.slice(8)}/${Number(today.slice(0, 4)) - constants.maxAgeYears}`,
        todayIsInThePast: false,
        yesterdayIsInThePast: true,
      });
    },
    60_000,
  ); // a Node process with the TypeScript loader per zone: seconds each on a busy machine
});
