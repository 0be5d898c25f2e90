import { enumLabelOf } from './translations';
import { formatSessionTime } from './date-format';
import { messageIn } from './messages';
import { readTaskText, renderTaskText, storedSentence, taskReason, taskText } from './task-text';
import * as moneyEnums from '../generated/enums/money';

describe('task texts', () => {
  it("renders a key's values in the language: copy as copy, a session time formatted, data as it is", () => {
    const text = taskText('task.redAlert.syncFailed', { record: { message: 'ui.support.redAlert.resource.Payment' }, answer: 'HTTP 503' });
    expect(renderTaskText(text, 'es')).toBe(
      messageIn('es', 'task.redAlert.syncFailed', { record: messageIn('es', 'ui.support.redAlert.resource.Payment'), answer: 'HTTP 503' }),
    );
    const when = { sessionTime: '2031-03-14T15:00:00.000Z', zone: 'America/New_York' };
    expect(renderTaskText(taskText('task.redAlert.mailFailed', { mail: 'custom-mail', when }), 'es')).toBe(
      messageIn('es', 'task.redAlert.mailFailed', { mail: 'custom-mail', when: formatSessionTime(when.sessionTime, when.zone, 'es') }),
    );
    const enumText = taskText('task.insuranceVerification.reason', { outcome: { enum: 'insuranceOutcome', value: 'DENIED_DUE_TO_MEDICAID' } });
    expect(renderTaskText(enumText, 'es')).toContain(enumLabelOf(moneyEnums.insuranceOutcome, 'DENIED_DUE_TO_MEDICAID', 'es'));
    expect(storedSentence(enumText)).toContain(enumLabelOf(moneyEnums.insuranceOutcome, 'DENIED_DUE_TO_MEDICAID', 'en'));
  });

  it('reads a row without a key, or with a key the specs no longer have, as stored', () => {
    expect(readTaskText('As typed', null, null, 'es')).toBe('As typed');
    expect(readTaskText('As stored', 'task.noSuchKey', {}, 'es')).toBe('As stored');
    expect(taskReason({ reason: 'Old row' }, 'es')).toBe('Old row');
  });

  it('shows a value of an unknown shape or enumeration as text rather than failing', () => {
    expect(readTaskText('x', 'task.referral.reason', { client: { enum: 'noSuchEnum', value: 'Ana' } }, 'es')).toBe(
      messageIn('es', 'task.referral.reason', { client: 'Ana' }),
    );
    expect(readTaskText('x', 'task.referral.reason', { client: { sessionTime: 'not a date', zone: 'Nowhere/Else' } }, 'en')).toBe(
      messageIn('en', 'task.referral.reason', { client: 'not a date' }),
    );
  });
});
