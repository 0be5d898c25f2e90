import { screen } from '@testing-library/react';
import * as placesConstants from '@/generated/constants/places';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { fillPlaceholders, message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { renderScreen } from '@tests/support/screen-kit';
import BookingErrorPage from './BookingErrorPage';

const path = routeById.bookingError.path;
const phone = formatPhone(placesConstants.phoneLines.bookingTool);
const booking = errorCatalogue.BOOKING_FAILED;

describe('BookingErrorPage', () => {
  it('gives a patient the patient wording with the booking line to call, and a way back to search', () => {
    renderScreen(<BookingErrorPage />, { path, answers: {} });
    expect(screen.getByRole('alert').textContent).toBe(fillPlaceholders(booking.audiences.patient_web!, { phone }));
    expect(screen.getByRole('link', { name: phone }).getAttribute('href')).toBe(`tel:+1${placesConstants.phoneLines.bookingTool}`);
    expect(screen.getByRole('link', { name: message('ui.bookingError.retry') }).getAttribute('href')).toBe(routeById.providerSearch.path);
  });

  it('gives a support agent the support wording (tell the supervisor) and the way back to the support dashboard', () => {
    renderScreen(<BookingErrorPage />, { path, answers: {}, groups: ['support'] });
    expect(screen.getByRole('alert').textContent).toBe(booking.audiences.support_web);
    expect(screen.queryByRole('link', { name: phone })).toBeNull();
    expect(screen.getByRole('link', { name: message('ui.bookingError.supportRetry') }).getAttribute('href')).toBe(routeById.supportDashboard.path);
  });
});
