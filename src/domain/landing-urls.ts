/**
 * Search-engine friendly addresses (product-spec §2, §4): provider profiles at
 * /{provider|psychiatrist|therapist}/{state}/{slug}, and landing pages under the sections
 * /providers, /psychiatrists and /therapists:
 *   hub        /{section}
 *   state      /{section}/{state}
 *   specialty  /{section}/specialties/{specialty slug}
 *   city       /{section}/{state}/{city slug}
 * A state is its 2-letter code in lower case. A slug is the text lower-cased, trimmed, with every
 * run of white space turned into one hyphen; other characters are kept and percent-encoded.
 * Parsing takes a path (no query), ignores a trailing slash and decodes segments; it is exact
 * about case because every address is built lower-cased.
 */
import * as limitsConstants from '../generated/constants/limits';
import type { CounselingSpecialty, LandingPageType, LandingSection, ProfileUrlType } from '../generated/enums';
import * as careEnums from '../generated/enums/care';
import * as landingEnums from '../generated/enums/landing';

export interface FriendlyProfileAddress {
  type: ProfileUrlType;
  /** lower-case state code */
  state: string;
  slug: string;
}

export type LandingPage =
  | { pageType: Extract<LandingPageType, 'hub'>; section: LandingSection }
  | { pageType: Extract<LandingPageType, 'state'>; section: LandingSection; state: string }
  | { pageType: Extract<LandingPageType, 'specialty'>; section: LandingSection; specialty: CounselingSpecialty }
  | { pageType: Extract<LandingPageType, 'city'>; section: LandingSection; state: string; city: string };

function isOneOf<T extends string>(values: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (values as readonly string[]).includes(value);
}

export function slugify(text: string): string {
  return text.trim().toLowerCase().split(/\s+/).filter(Boolean).join('-');
}

function stateSegment(state: string): string {
  const code = state.trim().toLowerCase();
  if (code.length !== limitsConstants.stateCodeLength) throw new RangeError(`"${state}" is not a state code`);
  return code;
}

function slugSegment(text: string): string {
  const slug = slugify(text);
  if (!slug) throw new RangeError('an address needs a non-blank name');
  return encodeURIComponent(slug);
}

/** Decoded path segments, or undefined when a segment's percent-encoding is broken. */
function segmentsOf(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** The segment before a specialty slug, as in specs/routes.yaml (/therapists/specialties/:specialty). */
export const SPECIALTY_SEGMENT = 'specialties';

const isStateCode = (segment: string | undefined): segment is string => segment?.length === limitsConstants.stateCodeLength;

/** /{type}/{state}/{slug} for a provider's name (or an existing slug). */
export function friendlyProfilePath(type: ProfileUrlType, state: string, name: string): string {
  return `/${type}/${stateSegment(state)}/${slugSegment(name)}`;
}

/** A friendly profile address: three segments, a profile type first, then a 2-character state. */
export function parseFriendlyProfilePath(pathname: string): FriendlyProfileAddress | undefined {
  const segments = segmentsOf(pathname);
  if (!segments || segments.length !== 3) return undefined;
  const [type, state, slug] = segments;
  if (!isOneOf(landingEnums.profileUrlType.values, type) || !isStateCode(state) || !slug) return undefined;
  return { type, state, slug };
}

export function isFriendlyProfilePath(pathname: string): boolean {
  return parseFriendlyProfilePath(pathname) !== undefined;
}

export function landingPagePath(page: LandingPage): string {
  switch (page.pageType) {
    case 'hub':
      return `/${page.section}`;
    case 'state':
      return `/${page.section}/${stateSegment(page.state)}`;
    case 'specialty':
      return `/${page.section}/${SPECIALTY_SEGMENT}/${page.specialty}`;
    case 'city':
      return `/${page.section}/${stateSegment(page.state)}/${slugSegment(page.city)}`;
  }
}

export function parseLandingPath(pathname: string): LandingPage | undefined {
  const segments = segmentsOf(pathname);
  if (!segments) return undefined;
  const [section, second, third] = segments;
  if (!isOneOf(landingEnums.landingSection.values, section)) return undefined;
  if (segments.length === 1) return { pageType: 'hub', section };
  if (segments.length === 3 && second === SPECIALTY_SEGMENT) {
    return isOneOf(careEnums.counselingSpecialty.values, third) ? { pageType: 'specialty', section, specialty: third } : undefined;
  }
  if (segments.length === 2 && isStateCode(second)) return { pageType: 'state', section, state: second };
  if (segments.length === 3 && isStateCode(second) && third) return { pageType: 'city', section, state: second, city: third };
  return undefined;
}

/** Hub pages are the single-segment landing pages. */
export function isHubPath(pathname: string): boolean {
  return parseLandingPath(pathname)?.pageType === 'hub';
}

export interface ProfileAddressOf {
  id: string;
  firstName: string;
  lastName: string;
  practice: { id: string; city: string; state: string };
}

/**
 * The base profile address of product-spec §2:
 * /app/providers/us/{state}/{city}/{providerName}/{providerId}/{practiceId}, the state in lower
 * case and the city and name as slugs. basePath is the route's first fixed part (/app/providers/us).
 */
export function providerProfilePath(provider: ProfileAddressOf, basePath: string): string {
  const { practice } = provider;
  return `${basePath}/${stateSegment(practice.state)}/${slugSegment(practice.city)}/${slugSegment(`${provider.firstName} ${provider.lastName}`)}/${encodeURIComponent(provider.id)}/${encodeURIComponent(practice.id)}`;
}
