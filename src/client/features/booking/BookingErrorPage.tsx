/** /booking-error: the booking could not be finished; nothing was charged; try again or call. */
import { Link } from 'react-router';
import { constants } from '../../../generated/constants';
import { routeById } from '../../../generated/routes';
import { message } from '../../../domain/messages';
import { formatPhone, telHref } from '../../../domain/phone';

export default function BookingErrorPage() {
  const phone = formatPhone(constants.supportPhone);
  return (
    <div className="message-page stack">
      <h1>{message('ui.bookingError.heading')}</h1>
      <p>{message('ui.bookingError.text', { phone })}</p>
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <Link className="btn btn--primary" to={routeById.providerSearch.path}>
          {message('ui.bookingError.retry')}
        </Link>
        <a className="btn btn--secondary" href={telHref(constants.supportPhone)}>
          {phone}
        </a>
      </div>
    </div>
  );
}
