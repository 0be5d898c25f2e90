import * as limitsConstants from '../generated/constants/limits';
import { addDaysIso, addYears } from './dates';
import { isMinor } from './minor';

const today = '2026-11-22';
const adultBirthday = addYears(today, -limitsConstants.adultAge);

describe('minors', () => {
  it('is a minor until the adult birthday, and an adult on it', () => {
    expect(isMinor(addDaysIso(adultBirthday, 1), today)).toBe(true);
    expect(isMinor(adultBirthday, today)).toBe(false);
    expect(isMinor(addDaysIso(adultBirthday, -1), today)).toBe(false);
  });

  it('counts a 29 February birthday as reached on 1 March in a common year', () => {
    const bornInLeapYear = '2008-02-29';
    const comingOfAgeYear = 2008 + limitsConstants.adultAge;
    expect(isMinor(bornInLeapYear, `${comingOfAgeYear}-02-28`)).toBe(true);
    expect(isMinor(bornInLeapYear, `${comingOfAgeYear}-03-01`)).toBe(false);
  });

  it('says a baby born today is a minor', () => {
    expect(isMinor(today, today)).toBe(true);
  });

  it('does not call anyone a minor without a real date of birth', () => {
    expect(isMinor(undefined, today)).toBe(false);
    expect(isMinor('', today)).toBe(false);
    expect(isMinor('2020-02-30', today)).toBe(false);
    expect(isMinor('11/22/2020', today)).toBe(false);
  });
});
