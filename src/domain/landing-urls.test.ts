import type { CounselingSpecialty, LandingSection, ProfileUrlType } from '../generated/enums';
import * as landingEnums from '../generated/enums/landing';
import {
  friendlyProfilePath,
  isFriendlyProfilePath,
  isHubPath,
  landingPagePath,
  parseFriendlyProfilePath,
  parseLandingPath,
  providerProfilePath,
  slugify,
  type LandingPage,
} from './landing-urls';
import { routeById, routes } from '../generated/routes';
import { matchPathPattern } from './route-match';

const THERAPIST: ProfileUrlType = 'therapist';
const THERAPISTS: LandingSection = 'therapists';
const ANXIETY: CounselingSpecialty = 'anxiety-therapy';

describe('friendly profile addresses', () => {
  it('builds /type/state/slug, lower-cased with hyphens for spaces', () => {
    expect(friendlyProfilePath(THERAPIST, 'OH', 'Jane  Mary Doe ')).toBe('/therapist/oh/jane-mary-doe');
  });

  it('percent-encodes characters that would break the path', () => {
    const path = friendlyProfilePath(THERAPIST, 'oh', 'Ana/Luz Peña');
    expect(path).toBe('/therapist/oh/ana%2Fluz-pe%C3%B1a');
    expect(parseFriendlyProfilePath(path)).toEqual({ type: THERAPIST, state: 'oh', slug: 'ana/luz-peña' });
  });

  it('refuses a state that is not a 2-letter code, or a blank name', () => {
    expect(() => friendlyProfilePath(THERAPIST, 'Ohio', 'Jane Doe')).toThrow(RangeError);
    expect(() => friendlyProfilePath(THERAPIST, 'oh', '   ')).toThrow(RangeError);
  });

  it('reads back what it builds, for every profile type', () => {
    for (const type of landingEnums.profileUrlType.values) {
      expect(parseFriendlyProfilePath(friendlyProfilePath(type, 'TX', 'Sam Lee'))).toEqual({ type, state: 'tx', slug: 'sam-lee' });
    }
  });

  it('recognises three segments with a profile type and a 2-character state', () => {
    expect(isFriendlyProfilePath('/psychiatrist/ca/sam-lee')).toBe(true);
    expect(isFriendlyProfilePath('/psychiatrist/ca/sam-lee/')).toBe(true);
  });

  it('does not recognise other shapes', () => {
    expect(isFriendlyProfilePath('/psychiatrist/ca')).toBe(false);
    expect(isFriendlyProfilePath('/psychiatrist/ca/sam-lee/extra')).toBe(false);
    expect(isFriendlyProfilePath('/psychiatrists/ca/columbus')).toBe(false);
    expect(isFriendlyProfilePath('/doctor/ca/sam-lee')).toBe(false);
    expect(isFriendlyProfilePath('/therapist/cal/sam-lee')).toBe(false);
    expect(isFriendlyProfilePath('/therapist/c/sam-lee')).toBe(false);
    expect(isFriendlyProfilePath('/Therapist/ca/sam-lee')).toBe(false);
    expect(isFriendlyProfilePath('/therapist/ca/%E0%A4%A')).toBe(false);
    expect(isFriendlyProfilePath('/')).toBe(false);
  });

  it('slugifies text', () => {
    expect(slugify('  New   York City ')).toBe('new-york-city');
    expect(slugify('')).toBe('');
  });
});

describe('landing pages', () => {
  const pages: LandingPage[] = [
    { pageType: 'hub', section: THERAPISTS },
    { pageType: 'state', section: THERAPISTS, state: 'oh' },
    { pageType: 'specialty', section: THERAPISTS, specialty: ANXIETY },
    { pageType: 'city', section: THERAPISTS, state: 'oh', city: 'columbus' },
  ];

  it('covers every page type', () => {
    expect(pages.map((p) => p.pageType).sort()).toEqual([...landingEnums.landingPageType.values].sort());
  });

  it('builds and reads back every page type', () => {
    for (const page of pages) expect(parseLandingPath(landingPagePath(page))).toEqual(page);
  });

  it('builds the shapes of each page type', () => {
    expect(landingPagePath({ pageType: 'hub', section: THERAPISTS })).toBe('/therapists');
    expect(landingPagePath({ pageType: 'state', section: THERAPISTS, state: 'OH' })).toBe('/therapists/oh');
    expect(landingPagePath({ pageType: 'specialty', section: THERAPISTS, specialty: ANXIETY })).toBe('/therapists/specialties/anxiety-therapy');
    expect(landingPagePath({ pageType: 'city', section: THERAPISTS, state: 'OH', city: 'Salt Lake City' })).toBe('/therapists/oh/salt-lake-city');
  });

  it('has a hub in every section, with one segment only', () => {
    for (const section of landingEnums.landingSection.values) expect(isHubPath(`/${section}`)).toBe(true);
    expect(isHubPath('/therapists/oh')).toBe(false);
    expect(isHubPath('/therapist')).toBe(false);
  });

  it('reads specialties from the specialty list only', () => {
    expect(parseLandingPath('/psychiatrists/specialties/psychiatrist')).toEqual({ pageType: 'specialty', section: 'psychiatrists', specialty: 'psychiatrist' });
    expect(parseLandingPath('/therapists/specialties/astrology')).toBeUndefined();
    expect(parseLandingPath('/therapists/astrology')).toBeUndefined();
  });

  it('rejects other sections and shapes', () => {
    expect(parseLandingPath('/counselors')).toBeUndefined();
    expect(parseLandingPath('/')).toBeUndefined();
    expect(parseLandingPath('/therapists/ohio/columbus')).toBeUndefined();
    expect(parseLandingPath('/therapists/oh/columbus/downtown')).toBeUndefined();
    expect(parseLandingPath('/therapists/anxiety-therapy/columbus')).toBeUndefined();
  });

  it('builds specialty addresses the route table serves', () => {
    for (const route of routes.filter((r) => r.screen === 'SpecialtyLandingPage')) {
      const section = route.path.split('/')[1] as LandingSection;
      expect(matchPathPattern(route.path, landingPagePath({ pageType: 'specialty', section, specialty: ANXIETY }))).toEqual({ specialty: ANXIETY });
    }
  });
});

describe('base profile address', () => {
  const provider = { id: 'p-1', firstName: 'Ana', lastName: 'De La Cruz', practice: { id: 'pr-9', city: 'Salt Lake City', state: 'UT' } };

  it('matches the profile route of the route table', () => {
    const base = routeById.providerProfile.path.split('/:')[0]!;
    const path = providerProfilePath(provider, base);
    expect(path).toBe(`${base}/ut/salt-lake-city/ana-de-la-cruz/p-1/pr-9`);
    expect(matchPathPattern(routeById.providerProfile.path, path)).toEqual({
      state: 'ut',
      city: 'salt-lake-city',
      providerName: 'ana-de-la-cruz',
      providerId: 'p-1',
      practiceId: 'pr-9',
    });
  });
});
