/**
 * Provider search as an address (product-spec §2 provider search): what is searched - the state
 * (providers must be licensed where the client lives), the place, one list of values per filter
 * type, the order and the page - kept in the URL so a search can be shared and reloaded. The same
 * state gives the search API's query, and the pre-search questionnaire's answers become one.
 * Parameter names: each filter type under its own name (language=Spanish&language=French), the
 * rest as constants.providerSearchParams says. Unknown or malformed values are dropped, never
 * passed on to the API.
 */
import * as limitsConstants from '../generated/constants/limits';
import * as marketplaceConstants from '../generated/constants/marketplace';
import type { SearchProvidersQuery } from '../generated/entities';
import type { ClientAgeGroup, CounselingType, FilterType, QuestionnaireService, SortOption } from '../generated/enums';
import * as careEnums from '../generated/enums/care';
import * as peopleEnums from '../generated/enums/people';

/** The filter types a search narrows by (orderBy is the sort, not a filter). */
export type SearchFilterType = Exclude<FilterType, 'orderBy'>;
export const searchFilterTypes: readonly SearchFilterType[] = careEnums.filterType.values.filter((t): t is SearchFilterType => t !== 'orderBy');

export type SearchFilters = Partial<Record<SearchFilterType, string[]>>;

export interface ProviderSearch {
  /** 2-letter state code, upper case */
  state?: string;
  /** what the visitor typed: a zip code or "City, ST" */
  location?: string;
  latitude?: number;
  longitude?: number;
  filters: SearchFilters;
  orderBy?: SortOption;
  /** 1-based */
  page: number;
  service?: QuestionnaireService;
  selfPay?: boolean;
  partnershipCode?: string;
}

const P = marketplaceConstants.providerSearchParams;
const STATE = /^[A-Za-z]{2}$/;
const LOCATION = /^[A-Za-z0-9 ,.'-]{2,100}$/;
const FILTER_VALUE = /^[A-Za-z0-9 /&'(),+.-]{1,100}$/;
const PARTNERSHIP_CODE = /^[A-Za-z0-9-]{2,50}$/;
const MAX_PAGE = 10_000;

/** Values a filter type may take when the API restricts them to an enumeration. */
const ENUM_OF: Partial<Record<SearchFilterType, readonly string[]>> = {
  availability_type: careEnums.appointmentMode.values,
  gender: peopleEnums.gender.values,
  time_of_day: careEnums.timeOfDay.values,
  counseling_type: careEnums.counselingType.values,
};

/** Most values of one type the API takes at once. */
const MAX_VALUES = 20;

export function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return value !== null && value !== undefined && (values as readonly string[]).includes(value);
}

function numberIn(text: string | null, min: number, max: number): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

export function emptySearch(): ProviderSearch {
  return { filters: {}, page: 1 };
}

/** Distinct valid values of one filter type, in the order given. */
export function cleanFilterValues(type: SearchFilterType, values: readonly string[]): string[] {
  const allowed = ENUM_OF[type];
  const kept = values.map((v) => v.trim()).filter((v) => (allowed ? allowed.includes(v) : FILTER_VALUE.test(v)));
  return [...new Set(kept)].slice(0, MAX_VALUES);
}

export function parseProviderSearch(search: string | URLSearchParams): ProviderSearch {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = emptySearch();
  const state = params.get(P.state)?.trim();
  if (state && STATE.test(state)) out.state = state.toUpperCase();
  const location = params.get(P.location)?.trim();
  if (location && LOCATION.test(location)) out.location = location;
  const latitude = numberIn(params.get(P.latitude), -90, 90);
  const longitude = numberIn(params.get(P.longitude), -180, 180);
  if (latitude !== undefined && longitude !== undefined) {
    out.latitude = latitude;
    out.longitude = longitude;
  }
  for (const type of searchFilterTypes) {
    const values = cleanFilterValues(type, params.getAll(type));
    if (values.length) out.filters[type] = values;
  }
  const orderBy = params.get(P.orderBy);
  if (isOneOf(careEnums.sortOption.values, orderBy)) out.orderBy = orderBy;
  const page = numberIn(params.get(P.page), 1, MAX_PAGE);
  if (page !== undefined) out.page = Math.trunc(page);
  const service = params.get(P.service);
  if (isOneOf(careEnums.questionnaireService.values, service)) out.service = service;
  const selfPay = params.get(P.selfPay);
  if (selfPay === 'true') out.selfPay = true;
  const code = params.get(P.partnershipCode)?.trim();
  if (code && PARTNERSHIP_CODE.test(code)) out.partnershipCode = code;
  return out;
}

/** The URL query of a search: stable order, so the same search is the same address. */
export function providerSearchParams(search: ProviderSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.state) params.set(P.state, search.state);
  if (search.location) params.set(P.location, search.location);
  if (search.latitude !== undefined && search.longitude !== undefined) {
    params.set(P.latitude, String(search.latitude));
    params.set(P.longitude, String(search.longitude));
  }
  if (search.service) params.set(P.service, search.service);
  for (const type of searchFilterTypes) for (const value of search.filters[type] ?? []) params.append(type, value);
  if (search.selfPay) params.set(P.selfPay, 'true');
  if (search.partnershipCode) params.set(P.partnershipCode, search.partnershipCode);
  if (search.orderBy) params.set(P.orderBy, search.orderBy);
  if (search.page > 1) params.set(P.page, String(search.page));
  return params;
}

/** The search-providers API query (specs/api/providers.yaml searchProviders); undefined until a state is known. */
export function searchApiQuery(search: ProviderSearch): SearchProvidersQuery | undefined {
  if (!search.state) return undefined;
  const query: SearchProvidersQuery = { state_code: search.state };
  if (search.latitude !== undefined && search.longitude !== undefined) {
    query.latitude = search.latitude;
    query.longitude = search.longitude;
  } else if (search.location) {
    query.location = search.location;
  }
  // Filter values are the spec's (parseProviderSearch keeps only known ones).
  for (const type of searchFilterTypes) {
    const values = search.filters[type];
    if (values?.length) Object.assign(query, { [type]: values });
  }
  if (search.orderBy) query.orderBy = search.orderBy;
  if (search.page > 1) query.page = search.page;
  if (search.partnershipCode) query.partnership_code = search.partnershipCode;
  return query;
}

/** A filter changed: back to the first page (the old page may not exist any more). */
export function withFilterValues(search: ProviderSearch, type: SearchFilterType, values: readonly string[]): ProviderSearch {
  const filters = { ...search.filters };
  const clean = cleanFilterValues(type, values);
  if (clean.length) filters[type] = clean;
  else delete filters[type];
  return { ...search, filters, page: 1 };
}

export function toggledFilterValue(search: ProviderSearch, type: SearchFilterType, value: string): ProviderSearch {
  const current = search.filters[type] ?? [];
  return withFilterValues(search, type, current.includes(value) ? current.filter((v) => v !== value) : [...current, value]);
}

export function withoutFilters(search: ProviderSearch): ProviderSearch {
  return { ...search, filters: {}, page: 1 };
}

export function activeFilterCount(search: ProviderSearch): number {
  return Object.values(search.filters).reduce((n, values) => n + (values?.length ?? 0), 0);
}

export function pageCount(total: number, pageSize: number = limitsConstants.pageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface QuestionnaireAnswers {
  service?: QuestionnaireService;
  ageGroups?: readonly ClientAgeGroup[];
  state?: string;
  location?: string;
  latitude?: number;
  longitude?: number;
  /** a carrier (insurance_id filter value), or undefined */
  insuranceCarrier?: string;
  selfPay?: boolean;
}

/** The search the pre-search questionnaire ends on: its answers as filters. */
export function searchFromQuestionnaire(answers: QuestionnaireAnswers): ProviderSearch {
  const search = emptySearch();
  if (answers.state && STATE.test(answers.state)) search.state = answers.state.toUpperCase();
  if (answers.location && LOCATION.test(answers.location)) search.location = answers.location;
  if (answers.latitude !== undefined && answers.longitude !== undefined) {
    search.latitude = answers.latitude;
    search.longitude = answers.longitude;
  }
  if (answers.service) {
    search.service = answers.service;
    const rule: { counselingType: string; asksAgeGroup?: boolean } = marketplaceConstants.questionnaireServiceSearch[answers.service];
    search.filters.counseling_type = [rule.counselingType];
    if (rule.asksAgeGroup && answers.ageGroups?.length) search.filters.client_age_group = cleanFilterValues('client_age_group', answers.ageGroups);
  }
  if (answers.insuranceCarrier) search.filters.insurance_id = cleanFilterValues('insurance_id', [answers.insuranceCarrier]);
  else if (answers.selfPay) search.selfPay = true;
  return search;
}

/** Whether a service choice asks for the client's age group (child/teen therapy). */
export function serviceAsksAgeGroup(service: QuestionnaireService | undefined): boolean {
  if (!service) return false;
  const rule: { counselingType: string; asksAgeGroup?: boolean } = marketplaceConstants.questionnaireServiceSearch[service];
  return rule.asksAgeGroup === true;
}

const MEDICATION: CounselingType = marketplaceConstants.questionnaireServiceSearch.psychiatry.counselingType;

/**
 * The counseling type a booking from search starts with: a medication slot books
 * medication/psychiatry; otherwise the type searched for when the provider offers it, else the
 * provider's first other type. Undefined when the provider offers nothing that fits the slot.
 */
export function bookingCounselingType(
  offered: readonly string[],
  searched: readonly string[] | undefined,
  slotIsMedication: boolean,
): CounselingType | undefined {
  const types = offered.filter((t): t is CounselingType => isOneOf(careEnums.counselingType.values, t));
  if (slotIsMedication) return types.includes(MEDICATION) ? MEDICATION : undefined;
  const others = types.filter((t) => t !== MEDICATION);
  return others.find((t) => searched?.includes(t)) ?? others[0];
}
