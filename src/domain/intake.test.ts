import * as intakeConstants from '../generated/constants/intake';
import { instrumentOf, intakeNeedsCrisisHelp, intakePages, intakeProblems, pageProblems, questionsOf, type IntakeAnswers } from './intake';

const complete: IntakeAnswers = {
  answers: { reason: 'Trouble sleeping since a move', priorCare: 'never', medication: 'no' },
  phq9: [1, 1, 2, 1, 0, 0, 1, 0, 0],
  gad7: [1, 2, 1, 0, 0, 1, 0],
};

describe('the intake questionnaire', () => {
  it('asks the spec pages in order, ending with PHQ-9 and GAD-7', () => {
    expect(intakePages.map((p) => p.id)).toEqual(['reason', 'history', 'phq9', 'gad7']);
    expect(intakePages.map(instrumentOf)).toEqual([undefined, undefined, 'phq9', 'gad7']);
    expect(questionsOf(intakePages[0]!).map((q) => q.id)).toContain('reason');
  });

  it('accepts a complete intake; optional questions may stay empty', () => {
    expect(intakeProblems(complete)).toEqual([]);
  });

  it('names what a page still needs', () => {
    expect(pageProblems(intakePages[0]!, { answers: { reason: '   ' } })).toEqual([{ field: 'reason', problem: 'required' }]);
    expect(pageProblems(intakePages[1]!, { answers: { priorCare: 'sometimes', medication: 'no' } })).toEqual([{ field: 'priorCare', problem: 'notAnOption' }]);
    expect(pageProblems(intakePages[2]!, { phq9: [0, 0, 0] })).toEqual([{ field: 'phq9', problem: 'incomplete' }]);
    expect(pageProblems(intakePages[3]!, { gad7: [0, 0, 0, 0, 0, 0, 4] })).toEqual([{ field: 'gad7', problem: 'incomplete' }]);
  });

  it('refuses unknown questions and answers over the length limit', () => {
    const maxLength = intakeConstants.intakeQuestionnaire.pages[0]!.questions[0]!.maxLength;
    const problems = intakeProblems({ ...complete, answers: { ...complete.answers, reason: 'x'.repeat(maxLength + 1), shoeSize: '9' } });
    expect(problems).toEqual([
      { field: 'shoeSize', problem: 'unknown' },
      { field: 'reason', problem: 'tooLong' },
    ]);
  });
});

describe('intakeNeedsCrisisHelp', () => {
  const calm = { answers: { reason: 'Trouble sleeping and worry about work', priorCare: 'no' }, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 0] };

  it('is a crisis when PHQ-9 item 9 is above 0', () => {
    expect(intakeNeedsCrisisHelp(calm)).toBe(false);
    expect(intakeNeedsCrisisHelp({ ...calm, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 2] })).toBe(true);
  });

  it('is a crisis when a written answer has crisis words, in either language', () => {
    expect(intakeNeedsCrisisHelp({ ...calm, answers: { ...calm.answers, reason: 'Lately I want to die' } })).toBe(true);
    expect(intakeNeedsCrisisHelp({ ...calm, answers: { ...calm.answers, history: 'Hace un año pensé en el suicidio' } })).toBe(true);
  });

  it("reads only written answers: a choice's value is never taken for words", () => {
    expect(intakeNeedsCrisisHelp({ ...calm, answers: { ...calm.answers, priorCare: 'suicide' } })).toBe(false);
  });
});
