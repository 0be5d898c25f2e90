import { render, screen, within } from '@testing-library/react';
import { setLocaleSource } from '@/domain/locale';
import { CrisisLine } from './CrisisLine';

describe('CrisisLine', () => {
  afterEach(() => setLocaleSource(() => undefined));

  it('offers 988 by call and by text, and 911, as links that dial or text', () => {
    render(<CrisisLine />);
    const line = within(screen.getByRole('complementary', { name: 'Crisis help' }));
    expect(line.getByText('In crisis?')).toBeTruthy();
    expect(line.getByRole('link', { name: 'Call 988' }).getAttribute('href')).toBe('tel:988');
    expect(line.getByRole('link', { name: 'Text 988' }).getAttribute('href')).toBe('sms:988');
    expect(line.getByRole('link', { name: '911 if in danger' }).getAttribute('href')).toBe('tel:911');
  });

  it("speaks Spanish to a Spanish reader and names the 988 line's Spanish option", () => {
    setLocaleSource(() => 'es');
    render(<CrisisLine />);
    const line = within(screen.getByRole('complementary', { name: 'Ayuda en crisis' }));
    expect(line.getByText('¿En crisis?')).toBeTruthy();
    expect(line.getByRole('link', { name: 'Llame al 988 (oprima 2)' }).getAttribute('href')).toBe('tel:988');
    expect(line.getByRole('link', { name: 'Envíe AYUDA al 988' }).getAttribute('href')).toBe('sms:988?body=AYUDA');
    expect(line.getByRole('link', { name: '911 si corre peligro' }).getAttribute('href')).toBe('tel:911');
  });
});
