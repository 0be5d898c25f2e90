import systemSpec from '@/generated/content/system';
import * as placesConstants from '@/generated/constants/places';
import { fillPlaceholders } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { ButtonLink } from '@/client/ui/Button';
import { liveDocument } from '@/domain/translations';

const system = liveDocument('content', systemSpec);

export default function UnderMaintenancePage() {
  const phone = formatPhone(placesConstants.supportPhone);
  return (
    <div className="message-page stack">
      <h1>{system.maintenance.heading}</h1>
      <p className="muted">{system.maintenance.text}</p>
      <div className="cluster" style={{ justifyContent: 'center' }}>
        <a className="btn btn--primary" href={telHref(placesConstants.supportPhone)}>
          {fillPlaceholders(system.maintenance.callAction, { phone })}
        </a>
        <ButtonLink to="/" variant="secondary">
          {system.maintenance.homeAction}
        </ButtonLink>
      </div>
    </div>
  );
}
