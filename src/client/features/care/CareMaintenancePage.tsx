/**
 * Care maintenance (/care/maintenance): where care routes go when their flag is off
 * (careDashboards, referrals; specs/routes.yaml flagOffRoute), in the style of the app's maintenance page.
 */
import * as placesConstants from '@/generated/constants/places';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { ButtonLink } from '@/client/ui/Button';

export default function CareMaintenancePage() {
  return (
    <div className="message-page stack">
      <h1>{message('ui.care.maintenance.heading')}</h1>
      <p className="muted">{message('ui.care.maintenance.text')}</p>
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <ButtonLink to={routeById.careSchedule.path}>{message('ui.care.maintenance.scheduleAction')}</ButtonLink>
        <a className="btn btn--secondary" href={telHref(placesConstants.supportPhone)}>
          {message('ui.care.maintenance.callAction', { phone: formatPhone(placesConstants.supportPhone) })}
        </a>
      </div>
    </div>
  );
}
