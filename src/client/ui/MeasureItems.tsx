/**
 * The items of a PHQ-9 or GAD-7 (constants measureInstruments) with the four standard answers
 * (measureAnswerOptions), one fieldset an item: the portal's check-ins and the intake ask them alike.
 */
import * as careConstants from '@/generated/constants/care';
import { constantIn } from '@/domain/translations';

export function MeasureItems({
  instrument,
  answers,
  onAnswer,
}: {
  instrument: keyof typeof careConstants.measureInstruments;
  answers: readonly (number | undefined)[];
  onAnswer: (item: number, value: number) => void;
}) {
  return (
    <>
      {constantIn('measureInstruments')[instrument].questions.map((q, i) => (
        <fieldset key={i} className="choices">
          <legend>
            {i + 1}. {q}
          </legend>
          {constantIn('measureAnswerOptions').map((o) => (
            <label key={o.value} className="choice">
              <input type="radio" name={`${instrument}-${i}`} checked={answers[i] === o.value} onChange={() => onAnswer(i, o.value)} />
              <span>{o.label}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}
