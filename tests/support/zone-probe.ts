/**
 * Run by tests/unit/host-zone.test.ts in a child process under a given TZ: prints what the product's
 * date rules decide at one instant (argv[2]), so the test can check the host's zone changes nothing.
 */
import { addDaysIso, todayIso } from '@/domain/dates';
import { createAjv } from '@/domain/validation/ajv';
import { constants } from '@/generated/constants';

const at = new Date(process.argv[2]!);
const ajv = createAjv({}, () => at);
const oldest = ajv.compile({ type: 'string', 'x-maxAgeYears': constants.maxAgeYears });
const past = ajv.compile({ type: 'string', 'x-pastDate': true });
const today = todayIso(at);
oldest('1800-01-01');
past(today);
process.stdout.write(
  JSON.stringify({
    today,
    oldestBirthDateMessageDate: oldest.errors?.[0]?.params.date,
    todayIsInThePast: past(today),
    yesterdayIsInThePast: past(addDaysIso(today, -1)),
  }),
);
