import * as careConstants from '@/generated/constants/care';
import { crisisHrefs, hasCrisisWords, needsCrisisHelp } from './crisis';

describe('hasCrisisWords', () => {
  it.each([
    'I have been thinking about suicide',
    'Sometimes I want to die',
    'I feel I would be BETTER OFF DEAD.',
    'self-harm since last year',
    'pienso en el suicidio',
    'A veces quiero morirme',
    'Creo que estaría mejor muerta',
    'he pensado en hacerme dano', // no accent typed
    'AUTOLESIÓN',
  ])('finds a crisis word in %p', (text) => {
    expect(hasCrisisWords(text)).toBe(true);
  });

  it.each([
    '',
    'Anxiety at work and trouble sleeping',
    'My harmless cat',
    'Dealing with a loss; my father died last year',
    'Ansiedad y problemas para dormir',
    'a suicidepreventionday poster', // not the whole word
  ])('finds none in %p', (text) => {
    expect(hasCrisisWords(text)).toBe(false);
  });

  it("finds a word at the very end of a booking's longest reason, and across lines", () => {
    const reason = `${'x'.repeat(careConstants.bookingReasonMaxLength - ' overdose'.length)} overdose`;
    expect(reason).toHaveLength(careConstants.bookingReasonMaxLength);
    expect(hasCrisisWords(reason)).toBe(true);
    expect(hasCrisisWords('I want\nto die')).toBe(true);
    expect(hasCrisisWords('x'.repeat(careConstants.bookingReasonMaxLength))).toBe(false);
  });

  it('reads nothing into a missing reason', () => {
    expect(hasCrisisWords(undefined)).toBe(false);
    expect(hasCrisisWords(null)).toBe(false);
  });
});

describe('needsCrisisHelp', () => {
  it('is true only when the ninth answer is above 0', () => {
    expect(needsCrisisHelp([0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(false);
    expect(needsCrisisHelp([3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(needsCrisisHelp([0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(needsCrisisHelp([0, 0, 0, 0, 0, 0, 0, 0, 3])).toBe(true);
    expect(needsCrisisHelp([0, 0])).toBe(false);
  });
});

describe('crisisHrefs', () => {
  it('dials and texts 988 and dials 911; a Spanish text carries AYUDA, the word the line answers in Spanish', () => {
    expect(crisisHrefs('en')).toEqual({ call988: 'tel:988', text988: 'sms:988', call911: 'tel:911' });
    expect(crisisHrefs('es')).toEqual({ call988: 'tel:988', text988: 'sms:988?body=AYUDA', call911: 'tel:911' });
  });
});
