/** Fireside: the patients' resource page (copy in specs/content/fireside.yaml). */
import firesideSpec from '@/generated/content/fireside';
import * as placesConstants from '@/generated/constants/places';
import { formatPhone, telHref } from '@/domain/phone';
import { PortalShell } from './PortalShell';
import { liveDocument } from '@/domain/translations';
import { constantIn } from '@/domain/translations';

const fireside = liveDocument('content', firesideSpec);

export default function FiresidePage() {
  return (
    <PortalShell route="patientFireside" heading={fireside.heading}>
      <p className="lead">{fireside.intro}</p>

      <section className="portal-section notice notice--warning stack-sm" aria-labelledby="fireside-crisis">
        <h2 id="fireside-crisis">{fireside.crisis.heading}</h2>
        <p>{fireside.crisis.text}</p>
        <ul className="item-list">
          {fireside.crisis.items.map((item) => (
            <li key={item.label}>
              <a className="crisis-link" href={item.href}>
                {item.label}
              </a>
              <p className="item__meta">{item.detail}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="portal-section" aria-labelledby="fireside-care">
        <h2 id="fireside-care">{fireside.care.heading}</h2>
        <ul className="item-list">
          {fireside.care.items.map((item) => (
            <li key={item.title} className="item">
              <h3 className="item__title">{item.title}</h3>
              <p className="item__text">{item.text}</p>
            </li>
          ))}
        </ul>
        <ul className="stack-sm small muted cadence">
          {Object.values(constantIn('careCadence')).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="portal-section" aria-labelledby="fireside-practices">
        <h2 id="fireside-practices">{fireside.practices.heading}</h2>
        <ul className="grid item-list">
          {fireside.practices.items.map((item) => (
            <li key={item.title} className="item">
              <h3 className="item__title">{item.title}</h3>
              <p className="item__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="portal-section" aria-labelledby="fireside-help">
        <h2 id="fireside-help">{fireside.help.heading}</h2>
        <p>
          {fireside.help.text} <a href={telHref(placesConstants.supportPhone)}>{formatPhone(placesConstants.supportPhone)}</a>
        </p>
      </section>
    </PortalShell>
  );
}
