import * as limitsConstants from '../generated/constants/limits';
import * as marketplaceConstants from '../generated/constants/marketplace';
import {
  activeFilterCount,
  bookingCounselingType,
  parseProviderSearch,
  pageCount,
  providerSearchParams,
  searchApiQuery,
  searchFromQuestionnaire,
  serviceAsksAgeGroup,
  toggledFilterValue,
  withoutFilters,
} from './provider-search';

const P = marketplaceConstants.providerSearchParams;

describe('provider search in the URL', () => {
  it('reads state, place, filters, order and page, and writes the same address back', () => {
    const query = `${P.state}=oh&${P.location}=43215&${P.latitude}=39.96&${P.longitude}=-83&language=Spanish&language=French&availability_type=online&insurance_id=AETNA&${P.orderBy}=most_available&${P.page}=3`;
    const search = parseProviderSearch(query);
    expect(search).toEqual({
      state: 'OH',
      location: '43215',
      latitude: 39.96,
      longitude: -83,
      filters: { availability_type: ['online'], language: ['Spanish', 'French'], insurance_id: ['AETNA'] },
      orderBy: 'most_available',
      page: 3,
    });
    expect(parseProviderSearch(providerSearchParams(search))).toEqual(search);
  });

  it('drops values the API would refuse: unknown enum values, bad text, a bad page, a half point', () => {
    const search = parseProviderSearch(
      `availability_type=teleport&gender=Male&language=<script>&${P.page}=0&${P.latitude}=10&${P.orderBy}=cheapest&${P.state}=Ohio`,
    );
    expect(search).toEqual({ filters: { gender: ['Male'] }, page: 1 });
  });

  it('keeps each value once', () => {
    expect(parseProviderSearch('language=Spanish&language=Spanish').filters.language).toEqual(['Spanish']);
  });

  it('leaves page 1 out of the address', () => {
    expect(providerSearchParams({ state: 'TX', filters: {}, page: 1 }).has(P.page)).toBe(false);
  });
});

describe('the search API query', () => {
  it('needs a state: providers must be licensed where the client lives', () => {
    expect(searchApiQuery({ filters: { language: ['Spanish'] }, page: 1, location: '43215' })).toBeUndefined();
  });

  it('prefers coordinates to the typed place, and sends filters, order, page and partnership code', () => {
    expect(
      searchApiQuery({
        state: 'OH',
        location: '43215',
        latitude: 1,
        longitude: 2,
        filters: { time_of_day: ['evening'] },
        orderBy: 'distance',
        page: 2,
        partnershipCode: 'ACME-EAP',
      }),
    ).toEqual({
      state_code: 'OH',
      latitude: 1,
      longitude: 2,
      time_of_day: ['evening'],
      orderBy: 'distance',
      page: 2,
      partnership_code: 'ACME-EAP',
    });
    expect(searchApiQuery({ state: 'OH', location: 'Columbus, OH', filters: {}, page: 1 })).toEqual({ state_code: 'OH', location: 'Columbus, OH' });
  });
});

describe('changing filters', () => {
  it('toggles a value on and off and goes back to the first page', () => {
    const on = toggledFilterValue({ state: 'OH', filters: {}, page: 4 }, 'language', 'Spanish');
    expect(on).toMatchObject({ filters: { language: ['Spanish'] }, page: 1 });
    expect(activeFilterCount(on)).toBe(1);
    const off = toggledFilterValue({ ...on, page: 2 }, 'language', 'Spanish');
    expect(off.filters).toEqual({});
    expect(off.page).toBe(1);
  });

  it('clears every filter but keeps the place and order', () => {
    expect(withoutFilters({ state: 'OH', location: '43215', orderBy: 'distance', filters: { gender: ['Male'] }, page: 3 })).toEqual({
      state: 'OH',
      location: '43215',
      orderBy: 'distance',
      filters: {},
      page: 1,
    });
  });

  it('counts pages of pageSize, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(limitsConstants.pageSize)).toBe(1);
    expect(pageCount(limitsConstants.pageSize + 1)).toBe(2);
  });
});

describe('the questionnaire answers as a search', () => {
  it('child therapy: counseling type, the age group, place and carrier', () => {
    const search = searchFromQuestionnaire({
      service: 'child',
      ageGroups: ['11-13'],
      state: 'oh',
      location: '43215',
      latitude: 39.9,
      longitude: -83,
      insuranceCarrier: 'AETNA',
    });
    expect(search).toEqual({
      state: 'OH',
      location: '43215',
      latitude: 39.9,
      longitude: -83,
      service: 'child',
      filters: {
        counseling_type: [marketplaceConstants.questionnaireServiceSearch.child.counselingType],
        client_age_group: ['11-13'],
        insurance_id: ['AETNA'],
      },
      page: 1,
    });
  });

  it('an age group is searched only for a service that asks it', () => {
    expect(searchFromQuestionnaire({ service: 'couples', ageGroups: ['0-5'] }).filters).toEqual({
      counseling_type: [marketplaceConstants.questionnaireServiceSearch.couples.counselingType],
    });
    expect(serviceAsksAgeGroup('child')).toBe(true);
    expect(serviceAsksAgeGroup('individual')).toBe(false);
    expect(serviceAsksAgeGroup(undefined)).toBe(false);
  });

  it('self-pay without a carrier', () => {
    expect(searchFromQuestionnaire({ service: 'individual', selfPay: true })).toMatchObject({
      selfPay: true,
      filters: { counseling_type: ['Individual Counseling'] },
    });
  });
});

describe('the counseling type a booking starts with', () => {
  const offered = ['Individual Counseling', 'Medication/Psychiatry', 'Family Counseling'];

  it('a medication slot books medication/psychiatry, if the provider offers it', () => {
    expect(bookingCounselingType(offered, ['Family Counseling'], true)).toBe('Medication/Psychiatry');
    expect(bookingCounselingType(['Individual Counseling'], undefined, true)).toBeUndefined();
  });

  it('otherwise the type searched for, else the first other type', () => {
    expect(bookingCounselingType(offered, ['Family Counseling'], false)).toBe('Family Counseling');
    expect(bookingCounselingType(offered, ['Couples/Marriage Counseling'], false)).toBe('Individual Counseling');
    expect(bookingCounselingType(['Medication/Psychiatry'], undefined, false)).toBeUndefined();
  });
});
