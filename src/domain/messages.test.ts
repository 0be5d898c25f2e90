import { formatWhen } from './date-format';
import { formatCents } from './money';
import { fillPlaceholders, message, messageIn } from './messages';
import { setLocaleSource } from './locale';

afterEach(() => setLocaleSource(() => undefined));

describe('messages in a language', () => {
  it('writes a message in the language given, and in the active one', () => {
    expect(messageIn('es', 'document.receipt.title')).toBe('Recibo de pago');
    expect(message('document.receipt.title')).toBe('Payment receipt');
    setLocaleSource(() => 'es');
    expect(message('document.footer.questions', { phone: '(555) 010-0000' })).toBe('¿Tiene preguntas sobre este documento? Llámenos al (555) 010-0000.');
  });

  it('formats ICU plurals in the language', () => {
    const template = '{count, plural, one {# cita} other {# citas}}';
    expect(fillPlaceholders(template, { count: 1 }, 'es')).toBe('1 cita');
    expect(fillPlaceholders(template, { count: 3 }, 'es')).toBe('3 citas');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(fillPlaceholders('Hola, {name}', {}, 'es')).toBe('Hola, {name}');
  });

  it('writes dates and money in Spanish', () => {
    const when = formatWhen('2026-03-09T14:00:00Z', 'America/New_York', 'es');
    expect(when).toMatch(/^lunes, 9 de marzo de 2026 a las 10:00/);
    expect(formatCents(15000, { locale: 'es' })).toMatch(/150\.00/);
  });
});

describe('other copy in a language', () => {
  it('gives error sentences per audience, enum labels and route titles in Spanish, English where no translation exists', async () => {
    const { errorTemplate, enumLabelOf, routeTitle } = await import('./translations');
    expect(errorTemplate('CARD_DECLINED', 'patient_web', 'es')).toMatch(/^Su tarjeta fue rechazada/);
    expect(errorTemplate('CARD_DECLINED', 'support_web', 'es')).toMatch(/^La tarjeta fue rechazada/);
    expect(errorTemplate('CARD_DECLINED', 'support_web', 'en-US')).toMatch(/^The card was declined/);
    expect(enumLabelOf('paymentStatus', 'succeeded', 'es')).toBe('Pagado');
    expect(enumLabelOf('paymentStatus', 'succeeded', 'en-US')).toBe('Succeeded');
    expect(routeTitle('patientBilling', 'es')).toBe('Facturación');
  });
});
