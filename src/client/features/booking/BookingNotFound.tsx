/** A booking address that cannot go on (no provider or time in it, or the provider cannot be found): what to do instead. */
import { Link } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';

/** The booking cannot go on from this address: say so, and where to choose a time. */
export function BookingNotFound({ text }: { text?: string }) {
  return (
    <div className="container section booking stack">
      <h1>{message('ui.booking.heading')}</h1>
      <p className={text ? 'notice notice--error' : undefined} role={text ? 'alert' : undefined}>
        {text ?? message('ui.booking.slot.missing')}
      </p>
      <p>
        <Link className="btn btn--primary" to={routeById.providerSearch.path}>
          {message('ui.booking.slot.findProvider')}
        </Link>
      </p>
    </div>
  );
}
