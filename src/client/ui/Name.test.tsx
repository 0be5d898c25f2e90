import { render } from '@testing-library/react';
import { message } from '@/domain/messages';
import { messageNaming, Name } from './Name';

describe('proper names', () => {
  it('marks a name translate="no"', () => {
    const { container } = render(<Name>Cleveland Mind and Body Clinic</Name>);
    expect(container.innerHTML).toBe('<span translate="no">Cleveland Mind and Body Clinic</span>');
  });

  it('fills a message as message() does, with only the named values marked', () => {
    const values = { practice: 'Austin Mind and Body Clinic', address: '100 Congress Ave' };
    const { container } = render(<p>{messageNaming('ui.patient.sessions.practiceAt', values, ['practice'])}</p>);
    expect(container.textContent).toBe(message('ui.patient.sessions.practiceAt', values));
    expect([...container.querySelectorAll('[translate="no"]')].map((e) => e.textContent)).toEqual(['Austin Mind and Body Clinic']);
  });
});
