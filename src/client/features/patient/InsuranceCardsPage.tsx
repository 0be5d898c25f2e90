/** Insurance cards: each patient's insurances on file, whether the card's photos are on file, and a way to add them. */
import * as placesConstants from '@/generated/constants/places';
import * as rulesConstants from '@/generated/constants/rules';
import type { PatientInsurance } from '@/generated/entities';
import { formatUsDate, isoDateIn } from '@/domain/dates';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { ListSkeleton, Loaded } from './states';
import { fullName } from './data';
import { capturePath, useAccountInsurances } from './insurance-data';

/** What was last decided after an eligibility inquiry of this insurance (by the patient, or support for them). */
function Decision({ insurance }: { insurance: PatientInsurance }) {
  const decided = insurance.insuranceInquiryAudits.find((a) => a.decision && a.decidedAt);
  if (!decided?.decision || !decided.decidedAt) return null;
  const date = formatUsDate(isoDateIn(new Date(decided.decidedAt), rulesConstants.calendarTimeZone));
  return (
    <p className={`notice ${decided.decision === 'askPatient' ? 'notice--warning' : ''}`}>
      {message(`ui.patient.insurance.decision.${decided.decision}`, { date, phone: formatPhone(placesConstants.supportPhone) })}
    </p>
  );
}

export default function InsuranceCardsPage() {
  const insurances = useAccountInsurances();
  return (
    <PortalShell route="patientInsuranceCards">
      <p className="lead">{message('ui.patient.insurance.intro')}</p>
      <Loaded query={insurances} skeleton={<ListSkeleton rows={2} height="8rem" />}>
        {(list) => (
          <div className="stack-lg">
            {list.map(({ patient, insurances: items }) => (
              <section key={patient.id} className="portal-section" aria-labelledby={`ins-${patient.id}`}>
                <h2 id={`ins-${patient.id}`}>{fullName(patient)}</h2>
                {items.length ? (
                  <ul className="item-list">
                    {items.map((i) => (
                      <li key={i.id} className="item stack-sm">
                        <p className="item__title">{message('ui.patient.insurance.plan', { carrier: i.carrierName, plan: i.planName })}</p>
                        <p className="item__meta">{message('ui.patient.insurance.member', { memberId: i.memberId })}</p>
                        <Decision insurance={i} />
                        <ul className="card-sides">
                          <li>
                            {message('ui.patient.insurance.cardFront')}:{' '}
                            <span className={`badge ${i.cardFrontDocumentId ? 'badge--ok' : 'badge--todo'}`}>
                              {i.cardFrontDocumentId ? message('ui.patient.insurance.onFile') : message('ui.patient.insurance.missing')}
                            </span>
                          </li>
                          <li>
                            {message('ui.patient.insurance.cardBack')}:{' '}
                            <span className={`badge ${i.cardBackDocumentId ? 'badge--ok' : 'badge--todo'}`}>
                              {i.cardBackDocumentId ? message('ui.patient.insurance.onFile') : message('ui.patient.insurance.missing')}
                            </span>
                          </li>
                        </ul>
                        <div>
                          <ButtonLink to={capturePath(patient.id, i.id)} variant="secondary">
                            {message('ui.patient.insurance.add')}
                          </ButtonLink>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="item">{message('ui.patient.insurance.none', { patient: fullName(patient) })}</p>
                )}
              </section>
            ))}
          </div>
        )}
      </Loaded>
    </PortalShell>
  );
}
