import { renderMail } from './mail';

describe('mail in the recipient language', () => {
  const params = {
    name: 'José',
    provider: 'Ana Peña, LCSW',
    when: 'lunes, 9 de marzo de 2026 a las 10:00 a. m. EDT',
    mode: 'consulta por video',
    where: 'Únase a su consulta por video en https://example.test/v/1',
    patients: 'José Muñoz',
    note: '',
  };

  it('writes the booking confirmation in Spanish for a Spanish reader', () => {
    const mail = renderMail('appointment-confirmation', 'jose@example.com', params, 'es');
    expect(mail.subject).toBe('Su sesión con Ana Peña, LCSW está reservada para el lunes, 9 de marzo de 2026 a las 10:00 a. m. EDT');
    expect(mail.text).toContain('Hola, José:');
    expect(mail.text).toContain('Adjuntamos una invitación de calendario.');
    expect(mail.html).toContain('<p>Hola, José:</p>');
  });

  it('writes it in English for an English reader', () => {
    const mail = renderMail('appointment-confirmation', 'jose@example.com', params, 'en-US');
    expect(mail.subject).toMatch(/^Your session with Ana Peña, LCSW is booked for/);
  });
});
