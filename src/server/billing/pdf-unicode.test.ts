import { pdfText } from '@tests/support/pdf';
import { consentPdf } from '@/server/booking/consent-pdf';
import { message } from '@/domain/messages';
import { receiptPdf } from './pdf';
import { formatDateTime } from '@/domain/date-format';
import type { PaymentRow } from './repository';

const payment: PaymentRow = {
  id: 'pay-1',
  user_id: 'user-1',
  patient_id: 'patient-1',
  patient_name: 'José Muñoz',
  status: 'succeeded',
  provider: 'card_gateway',
  purpose: 'session',
  amount_cents: 15000,
  card_brand: 'Visa',
  card_last4: '1111',
  appointment_id: null,
  appointment_start: null,
  appointment_mode: null,
  provider_name: 'Łukasz Nguyễn, LCSW',
  practice_name: 'Peña Counseling',
  created_at: new Date('2026-03-09T14:00:00Z'),
  refund_of: null,
};

describe('PDFs print names as written', () => {
  it('a receipt reads back "José Muñoz" and other accented names exactly', async () => {
    const { text } = await pdfText(await receiptPdf(payment, 'José Muñoz', new Date('2026-03-09T15:00:00Z'), 'America/New_York'));
    expect(text).toContain('José Muñoz');
    expect(text).toContain('Łukasz Nguyễn, LCSW');
    expect(text).toContain('Peña Counseling');
    expect(text).not.toContain('Munoz');
  });

  it('a receipt states every time in its reader’s zone, named', async () => {
    // 14:00 and 15:00 UTC on 9 March 2026 (after the US clock change on 8 March): 8:00 and 9:00 AM in Denver.
    const { text } = await pdfText(await receiptPdf(payment, 'José Muñoz', new Date('2026-03-09T15:00:00Z'), 'America/Denver'));
    expect(text).toContain(formatDateTime(payment.created_at, 'America/Denver'));
    expect(text).toContain(formatDateTime(new Date('2026-03-09T15:00:00Z'), 'America/Denver'));
    expect(text).toMatch(/9:00 AM MDT/);
    expect(text).not.toMatch(/EDT|EST/);
  });

  it('a receipt says what the payment was for once, not its label again as the value ("Session  Session")', async () => {
    const { text } = await pdfText(await receiptPdf(payment, 'José Muñoz', new Date('2026-03-09T15:00:00Z'), 'America/New_York'));
    expect(text).toMatch(new RegExp(`${message('document.label.paidFor')}\\W*${message('billing.purpose.session')}`));
    expect(text).not.toMatch(/Session\W*Session/);
  });

  it('a signed consent reads back the patient and signer names exactly', async () => {
    const bytes = await consentPdf({
      title: 'Consentimiento informado',
      patientName: 'José Muñoz',
      signerName: 'María Muñoz',
      signerCapacity: 'Parent',
      signedAt: '2026-03-09T14:00:00Z',
      timeZone: 'America/New_York',
      version: '1',
      text: 'Acepto la terapia.',
    });
    const { text } = await pdfText(bytes);
    expect(text).toContain('José Muñoz');
    expect(text).toContain('María Muñoz');
    expect(text).toContain('Consentimiento informado');
  });
});
