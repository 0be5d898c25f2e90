/**
 * /booking-error: the booking saga lands here when the scheduling or payment system could not complete a
 * booking (BOOKING_FAILED). The caller's wording (patient_web or support_web, product-spec §8) and,
 * for patients, the booking tool's phone line; nothing was booked or charged.
 */
import { Link } from 'react-router';
import * as placesConstants from '@/generated/constants/places';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { catalogueText } from '@/client/api/errors';
import { selectAudience } from '@/client/store/auth/slice';
import { useAppSelector } from '@/client/store/hooks';

export default function BookingErrorPage() {
  const audience = useAppSelector(selectAudience);
  const support = audience === 'support_web';
  const line = placesConstants.phoneLines.bookingTool;
  const phone = formatPhone(line);
  return (
    <div className="message-page stack">
      <h1>{message('ui.bookingError.heading')}</h1>
      <p role="alert">{catalogueText('BOOKING_FAILED', audience, { phone })}</p>
      {support ? null : <p>{message('ui.bookingError.text', { phone })}</p>}
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <Link className="btn btn--primary" to={support ? routeById.supportDashboard.path : routeById.providerSearch.path}>
          {support ? message('ui.bookingError.supportRetry') : message('ui.bookingError.retry')}
        </Link>
        {support ? null : (
          <a className="btn btn--secondary" href={telHref(line)}>
            {phone}
          </a>
        )}
      </div>
    </div>
  );
}
