/**
 * Moving through the pre-search questionnaire (product-spec §4): the page index stays within the
 * pages of the current flow, and reset restores the spec'd defaults. The pages are a plain list of
 * page ids (the flow's steps in specs/flows), so these rules work with whatever the flow says.
 */
import { constants } from '../generated/constants';
import type { QuestionnaireFlowType, QuestionnaireService } from '../generated/enums';

export interface QuestionnairePosition {
  flowType: QuestionnaireFlowType;
  serviceType: QuestionnaireService;
  activePageIndex: number;
}

const DEFAULTS: Readonly<QuestionnairePosition> = constants.questionnaireDefaults;

/** Generic flow, individual service, first page. */
export function questionnaireDefaults(): QuestionnairePosition {
  return { ...DEFAULTS };
}

/** The index brought within the pages (0 when there are none), e.g. after switching to a shorter flow. */
export function clampPageIndex(pages: readonly string[], index: number): number {
  const last = Math.max(0, pages.length - 1);
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), last);
}

export function nextPageIndex(pages: readonly string[], index: number): number {
  return clampPageIndex(pages, clampPageIndex(pages, index) + 1);
}

export function previousPageIndex(pages: readonly string[], index: number): number {
  return clampPageIndex(pages, clampPageIndex(pages, index) - 1);
}

export function activePage(pages: readonly string[], index: number): string | undefined {
  return pages[clampPageIndex(pages, index)];
}

export function isFirstPage(pages: readonly string[], index: number): boolean {
  return clampPageIndex(pages, index) === 0;
}

export function isLastPage(pages: readonly string[], index: number): boolean {
  return clampPageIndex(pages, index) === Math.max(0, pages.length - 1);
}
