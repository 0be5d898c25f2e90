/** The booking confirmation reads in the reader's zone, with the provider's beside it where it differs. */
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { setLocaleSource } from '@/domain/locale';
import { Confirmation, type ConfirmedProvider } from './Confirmation';

// 16:00 UTC on Thursday 3 December 2026: 9:00 AM in Denver, 10:00 AM in San Antonio.
const slot = { id: '66666666-6666-4666-8666-666666666666', start: '2026-12-03T16:00:00Z', end: '2026-12-03T17:00:00Z', availabilityType: 'online' as const };
const provider: ConfirmedProvider = {
  firstName: 'Morgan',
  lastName: 'Lee',
  title: 'MD',
  timeZone: 'America/Chicago',
  practice: { addressLine1: '1 Riverside Dr', city: 'San Antonio', state: 'TX', zipcode: '78205' },
};

function show(timeZone: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Confirmation appointmentId="appt-1" provider={provider} slot={slot} timeZone={timeZone} showSessionsLink={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByTestId('booked-when').textContent ?? '';
}

describe('Confirmation', () => {
  it('states the time in the patient’s zone, and the provider’s beside it', () => {
    expect(show('America/Denver')).toContain('Thursday, December 3 at 9:00 AM MST your time (10:00 AM CST in Texas)');
  });

  it('states one time when patient and provider share a zone', () => {
    const text = show('America/Chicago');
    expect(text).toContain('10:00 AM');
    expect(text).not.toContain('your time');
  });

  it('writes both in Spanish on a Spanish page', () => {
    setLocaleSource(() => 'es');
    try {
      const text = show('America/Denver');
      expect(text).toMatch(/9:00 .*MST en su hora \(10:00 .*CST en Texas\)/);
      expect(text).not.toContain('your time');
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});
