import { addBusinessDays, businessDaysAfter, estimateDelivery, isBusinessDay, isFederalHoliday } from './business-days';

describe('business days (Monday to Friday without US federal holidays)', () => {
  it('knows the observed federal holidays, shifted off weekends', () => {
    expect(isFederalHoliday('2026-11-26')).toBe(true); // Thanksgiving 2026
    expect(isFederalHoliday('2026-07-03')).toBe(true); // July 4th 2026 is a Saturday: observed Friday
    expect(isFederalHoliday('2026-06-19')).toBe(true); // Juneteenth
    expect(isFederalHoliday('2026-11-27')).toBe(false); // the Friday after Thanksgiving is a working day
    expect(isFederalHoliday('2027-12-24')).toBe(true); // Christmas 2027 is a Saturday: observed Friday
  });

  it('leaves out weekends and holidays', () => {
    expect(isBusinessDay('2026-11-30')).toBe(true); // a Monday
    expect(isBusinessDay('2026-11-28')).toBe(false); // a Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // a Sunday
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
  });

  it('counts forward over weekends and holidays', () => {
    expect(addBusinessDays('2026-11-25', 1)).toBe('2026-11-27'); // Wednesday + 1 skips Thanksgiving
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday + 1 is Monday
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-28');
    expect(addBusinessDays('2026-12-23', 3)).toBe('2026-12-29'); // over Christmas Friday the 25th
  });

  it('counts the business days after one date up to another', () => {
    expect(businessDaysAfter('2026-11-30', '2026-12-07')).toBe(5); // Monday to the next Monday
    expect(businessDaysAfter('2026-11-23', '2026-11-30')).toBe(4); // the week of Thanksgiving
    expect(businessDaysAfter('2026-11-30', '2026-11-30')).toBe(0);
    expect(businessDaysAfter('2026-11-30', '2026-11-20')).toBe(0);
  });
});

describe('when the estimate is due (45 CFR 149.610(b)(1))', () => {
  it('is due the next business day when booked 3 to 9 business days ahead', () => {
    expect(estimateDelivery('2026-11-30', '2026-12-03')).toEqual({ businessDaysAhead: 3, dueBy: '2026-12-01' });
    expect(estimateDelivery('2026-11-30', '2026-12-11')).toEqual({ businessDaysAhead: 9, dueBy: '2026-12-01' });
    expect(estimateDelivery('2026-11-25', '2026-12-02')).toEqual({ businessDaysAhead: 4, dueBy: '2026-11-27' });
  });

  it('is due within 3 business days when booked 10 or more ahead', () => {
    expect(estimateDelivery('2026-11-30', '2026-12-14')).toEqual({ businessDaysAhead: 10, dueBy: '2026-12-03' });
    expect(estimateDelivery('2026-12-23', '2027-01-29')).toMatchObject({ dueBy: '2026-12-29' });
  });

  it('is delivered the day of booking when the service is sooner than 3 business days', () => {
    expect(estimateDelivery('2026-11-30', '2026-12-02')).toEqual({ businessDaysAhead: 2, dueBy: '2026-11-30' });
  });
});
