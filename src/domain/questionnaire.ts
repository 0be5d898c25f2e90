/**
 * Moving through the pre-search questionnaire (product-spec §4): the page index stays within the
 * pages of the current flow, and reset restores the spec'd defaults. The pages are a plain list of
 * page ids (the flow's steps in specs/flows), so these rules work with whatever the flow says.
 */
import * as rulesConstants from '../generated/constants/rules';
import type { QuestionnaireFlowType, QuestionnaireService } from '../generated/enums';

export interface QuestionnairePosition {
  flowType: QuestionnaireFlowType;
  serviceType: QuestionnaireService;
  activePageIndex: number;
}

const DEFAULTS: Readonly<QuestionnairePosition> = rulesConstants.questionnaireDefaults;

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

/** The page ids of the questionnaire (specs/flows/search-questionnaire.yaml steps). */
export const QUESTIONNAIRE_PAGES = {
  service: 'select-service',
  ageGroup: 'select-age-group',
  location: 'select-location',
  insurance: 'select-insurance',
} as const;

/** The flow's variants by flow type: the flow spec names them in kebab case (child-therapy), the state in camel case (childTherapy). */
export const flowVariantOf: Readonly<Record<QuestionnaireFlowType, string>> = {
  generic: 'generic',
  genericChildTherapy: 'generic-child-therapy',
  service: 'service',
  childTherapy: 'child-therapy',
};

export interface QuestionnaireKnowledge {
  /** the service chosen so far (before the questionnaire or on its service page) */
  service?: QuestionnaireService;
  /** whether the service is known, i.e. the service page need not be asked (again) */
  serviceChosen: boolean;
  /** whether the visitor's location (state) is known, so the location page is not asked */
  locationKnown: boolean;
  /** whether the service asks the client's age group (child/teen therapy) */
  asksAgeGroup: boolean;
}

/**
 * The four flows of product-spec §2: child therapy asks the age group (and the location when it is
 * not known: child therapy, else generic child therapy); a chosen service with an unknown location
 * asks the location (service); otherwise the service is asked (generic).
 */
export function questionnaireFlowType(k: QuestionnaireKnowledge): QuestionnaireFlowType {
  if (k.serviceChosen && k.asksAgeGroup) return k.locationKnown ? 'genericChildTherapy' : 'childTherapy';
  if (k.serviceChosen && !k.locationKnown) return 'service';
  return 'generic';
}

/**
 * The pages this visitor sees, in order. The service page comes first when the visitor answered it
 * here (askedService), and the rest follows the flow the answers lead to; a page whose answer is
 * already known (the service, the location) is not asked again. The last page is always insurance.
 */
export function questionnairePages(variantSteps: Readonly<Record<string, readonly string[]>>, k: QuestionnaireKnowledge, askedService: boolean): string[] {
  const steps = variantSteps[flowVariantOf[questionnaireFlowType(k)]] ?? [];
  const rest = steps.filter(
    (page) => !(page === QUESTIONNAIRE_PAGES.service && k.serviceChosen) && !(page === QUESTIONNAIRE_PAGES.location && k.locationKnown),
  );
  const pages = askedService ? [QUESTIONNAIRE_PAGES.service, ...rest.filter((p) => p !== QUESTIONNAIRE_PAGES.service)] : rest;
  // Nothing known yet (generic flow, no location): the location is still needed before insurance.
  if (!k.locationKnown && !pages.includes(QUESTIONNAIRE_PAGES.location)) {
    pages.splice(pages.indexOf(QUESTIONNAIRE_PAGES.insurance), 0, QUESTIONNAIRE_PAGES.location);
  }
  return pages;
}
