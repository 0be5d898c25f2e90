import { mailTemplates } from '@/generated/mail';
import { messages } from '@/generated/messages';
import { mailName } from './mail-name';

describe('mailName', () => {
  it('names the session mails from specs', () => {
    expect(mailName('appointment-confirmation')).toBe(messages['ui.support.mail.appointmentConfirmation']);
    expect(mailName('good-faith-estimate')).toBe(messages['ui.support.mail.goodFaithEstimate']);
  });

  it('falls back to the id for a template without a name', () => {
    expect(mailName('no-such-template')).toBe('no-such-template');
  });

  it('every template sent about a session has a name', () => {
    const sessionTemplates = Object.keys(mailTemplates).filter((t) => t.startsWith('appointment-') || t === 'payment-refund' || t === 'good-faith-estimate');
    expect(sessionTemplates.length).toBe(6);
    for (const t of sessionTemplates) expect(mailName(t)).not.toBe(t);
  });
});
