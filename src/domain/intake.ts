/**
 * The intake questionnaire (specs/constants/intake.yaml): its pages, which answers a page still needs,
 * the answers the server accepts; its crisis rule is src/domain/crisis.ts (PHQ-9 item 9 above 0 shows crisis
 * resources at once and raises a red alert).
 */
import * as intakeConstants from '../generated/constants/intake';
import { answersProblem } from './measures';
import { hasCrisisWords, needsCrisisHelp } from './crisis';
import { constantIn } from './translations';

type Spec = typeof intakeConstants.intakeQuestionnaire.pages;
export type IntakePage = Spec[number];
export type IntakeQuestion = Extract<IntakePage, { questions: unknown }>['questions'][number];
export type IntakeInstrument = 'phq9' | 'gad7';

export const intakePages: readonly IntakePage[] = intakeConstants.intakeQuestionnaire.pages;

/** The same pages with their words in the active language (ids, kinds and rules are the same in every language). */
export function localizedIntakePages(): readonly IntakePage[] {
  return constantIn('intakeQuestionnaire').pages;
}

export interface IntakeAnswers {
  /** question id → the text or the chosen option's value */
  answers: Record<string, string>;
  phq9: number[];
  gad7: number[];
}

export function questionsOf(page: IntakePage): readonly IntakeQuestion[] {
  return 'questions' in page ? page.questions : [];
}

export function instrumentOf(page: IntakePage): IntakeInstrument | undefined {
  return 'instrument' in page ? (page.instrument as IntakeInstrument) : undefined;
}

export interface IntakeProblem {
  field: string;
  problem: 'required' | 'tooLong' | 'notAnOption' | 'unknown' | 'incomplete';
}

function questionProblem(q: IntakeQuestion, value: string | undefined): IntakeProblem['problem'] | undefined {
  const v = value?.trim() ?? '';
  if (!v) return q.required ? 'required' : undefined;
  if (q.kind === 'text' && 'maxLength' in q && v.length > q.maxLength) return 'tooLong';
  if (q.kind === 'choice' && 'options' in q && !q.options.some((o) => o.value === v)) return 'notAnOption';
  return undefined;
}

/** What keeps one page from being done: each question's problem, or an instrument not fully answered. */
export function pageProblems(page: IntakePage, given: Partial<IntakeAnswers>): IntakeProblem[] {
  const instrument = instrumentOf(page);
  if (instrument) {
    const answers = given[instrument] ?? [];
    return answersProblem(instrument, answers) ? [{ field: instrument, problem: 'incomplete' }] : [];
  }
  return questionsOf(page).flatMap((q) => {
    const problem = questionProblem(q, given.answers?.[q.id]);
    return problem ? [{ field: q.id, problem }] : [];
  });
}

/** Every problem of a whole intake, unknown questions included (the server's check). */
export function intakeProblems(given: IntakeAnswers): IntakeProblem[] {
  const known = new Set<string>(intakePages.flatMap((p) => questionsOf(p).map((q) => q.id)));
  const unknown = Object.keys(given.answers)
    .filter((id) => !known.has(id))
    .map((field) => ({ field, problem: 'unknown' as const }));
  return [...unknown, ...intakePages.flatMap((p) => pageProblems(p, given))];
}

/** An intake is a crisis when PHQ-9 item 9 is above 0 or a written answer (what brings them, goals, history) has crisis words. */
export function intakeNeedsCrisisHelp(given: Pick<IntakeAnswers, 'answers'> & { phq9: readonly (number | undefined)[] }): boolean {
  if (needsCrisisHelp(given.phq9)) return true;
  return intakePages.some((page) => questionsOf(page).some((q) => q.kind === 'text' && hasCrisisWords(given.answers[q.id])));
}
