import { constants } from '../generated/constants';
import { activePage, clampPageIndex, isFirstPage, isLastPage, nextPageIndex, previousPageIndex, questionnaireDefaults } from './questionnaire';

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
    expect(questionnaireDefaults()).toEqual(constants.questionnaireDefaults);
    expect(questionnaireDefaults().activePageIndex).toBe(0);
  });

  it('gives a fresh object each time', () => {
    const first = questionnaireDefaults();
    first.activePageIndex = 2;
    expect(questionnaireDefaults().activePageIndex).toBe(0);
  });
});
