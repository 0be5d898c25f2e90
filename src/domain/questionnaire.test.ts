import * as rulesConstants from '../generated/constants/rules';
import {
  activePage,
  clampPageIndex,
  flowVariantOf,
  isFirstPage,
  isLastPage,
  nextPageIndex,
  previousPageIndex,
  questionnaireDefaults,
  questionnaireFlowType,
  questionnairePages,
  type QuestionnaireKnowledge,
} from './questionnaire';

// Page ids stand in for a flow's steps.
const pages = ['first', 'second', 'third'];

describe('questionnaire navigation', () => {
  it('moves forward one page at a time and stops at the last', () => {
    expect(nextPageIndex(pages, 0)).toBe(1);
    expect(nextPageIndex(pages, 1)).toBe(2);
    expect(nextPageIndex(pages, 2)).toBe(2);
  });

  it('moves back one page at a time and stops at the first', () => {
    expect(previousPageIndex(pages, 2)).toBe(1);
    expect(previousPageIndex(pages, 0)).toBe(0);
  });

  it('brings an index left over from a longer flow back within the pages', () => {
    expect(clampPageIndex(pages, 7)).toBe(2);
    expect(previousPageIndex(pages, 7)).toBe(1);
    expect(clampPageIndex(pages, -1)).toBe(0);
    expect(clampPageIndex(pages, Number.NaN)).toBe(0);
  });

  it('names the active page and tells the ends', () => {
    expect(activePage(pages, 1)).toBe('second');
    expect(isFirstPage(pages, 0)).toBe(true);
    expect(isFirstPage(pages, 1)).toBe(false);
    expect(isLastPage(pages, 2)).toBe(true);
    expect(isLastPage(pages, 1)).toBe(false);
  });

  it('handles a one-page and an empty flow', () => {
    expect(nextPageIndex(['only'], 0)).toBe(0);
    expect(isFirstPage(['only'], 0) && isLastPage(['only'], 0)).toBe(true);
    expect(nextPageIndex([], 0)).toBe(0);
    expect(activePage([], 0)).toBeUndefined();
  });
});

describe('questionnaire reset', () => {
  it('restores the generic flow, the individual service and the first page', () => {
    expect(questionnaireDefaults()).toEqual(rulesConstants.questionnaireDefaults);
    expect(questionnaireDefaults().activePageIndex).toBe(0);
  });

  it('gives a fresh object each time', () => {
    const first = questionnaireDefaults();
    first.activePageIndex = 2;
    expect(questionnaireDefaults().activePageIndex).toBe(0);
  });
});

describe('which questionnaire pages a visitor sees (the four flows of §2)', () => {
  const variants = {
    generic: ['select-service', 'select-insurance'],
    'generic-child-therapy': ['select-age-group', 'select-insurance'],
    service: ['select-location', 'select-insurance'],
    'child-therapy': ['select-age-group', 'select-location', 'select-insurance'],
  };
  const k = (over: Partial<QuestionnaireKnowledge>): QuestionnaireKnowledge => ({ serviceChosen: false, locationKnown: true, asksAgeGroup: false, ...over });

  it('generic: the location is known, the service is asked, then insurance', () => {
    expect(questionnaireFlowType(k({}))).toBe('generic');
    expect(questionnairePages(variants, k({}), false)).toEqual(['select-service', 'select-insurance']);
  });

  it('generic child therapy: child therapy chosen, location known: age group, then insurance', () => {
    const known = k({ service: 'child', serviceChosen: true, asksAgeGroup: true });
    expect(questionnaireFlowType(known)).toBe('genericChildTherapy');
    expect(questionnairePages(variants, known, false)).toEqual(['select-age-group', 'select-insurance']);
    expect(questionnairePages(variants, known, true)).toEqual(['select-service', 'select-age-group', 'select-insurance']);
  });

  it('service: the service was chosen before, the location is asked, then insurance', () => {
    const known = k({ service: 'couples', serviceChosen: true, locationKnown: false });
    expect(questionnaireFlowType(known)).toBe('service');
    expect(questionnairePages(variants, known, false)).toEqual(['select-location', 'select-insurance']);
  });

  it('child therapy: age group, location, insurance', () => {
    const known = k({ service: 'child', serviceChosen: true, asksAgeGroup: true, locationKnown: false });
    expect(questionnaireFlowType(known)).toBe('childTherapy');
    expect(questionnairePages(variants, known, false)).toEqual(['select-age-group', 'select-location', 'select-insurance']);
    expect(questionnairePages(variants, known, true)).toEqual(['select-service', 'select-age-group', 'select-location', 'select-insurance']);
  });

  it('nothing known yet: the service, then the location, then insurance', () => {
    expect(questionnairePages(variants, k({ locationKnown: false }), false)).toEqual(['select-service', 'select-location', 'select-insurance']);
  });

  it('service and location both known: only insurance is left', () => {
    expect(questionnairePages(variants, k({ service: 'family', serviceChosen: true }), false)).toEqual(['select-insurance']);
  });

  it('names each flow type after a variant of the flow spec', () => {
    expect(Object.values(flowVariantOf).sort()).toEqual(Object.keys(variants).sort());
  });
});
