/**
 * Account: the holder's contact details, the dependants they book for, and who is responsible
 * for them, with the texts of product-spec §1 (account holders manage appointments online;
 * responsible parties are adults; a minor needs a parent or legal guardian).
 */
import accountNotesSpec from '@/generated/content/account-notes';
import { routeById } from '@/generated/routes';
import { relationshipLabel } from './labels';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { formatUsDate, todayIso } from '@/domain/dates';
import { isMinor } from '@/domain/minor';
import { ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { RecordExport } from './RecordExport';
import { fullName, useAccount, usePatients, type AccountDetails } from './data';
import { ListSkeleton, Loaded } from './states';
import { liveDocument } from '@/domain/translations';

const accountNotes = liveDocument('content', accountNotesSpec);

export function formatAddress(address: AccountDetails['address']): string | undefined {
  if (!address) return undefined;
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.zipcode}`].filter(Boolean).join(', ');
}

export default function PatientAccountPage() {
  const account = useAccount();
  const patients = usePatients();
  const today = todayIso();
  const notGiven = <span className="muted">{message('ui.patient.account.notGiven')}</span>;

  return (
    <PortalShell
      route="patientAccount"
      actions={
        <>
          <ButtonLink to={routeById.patientAccountSettings.path} variant="secondary">
            {message('ui.patient.account.settings')}
          </ButtonLink>
          <ButtonLink to={routeById.patientRecordAccess.path} variant="secondary">
            {message('ui.recordAccess.link')}
          </ButtonLink>
        </>
      }
    >
      <p className="lead">{message('ui.patient.account.intro')}</p>
      <p>{accountNotes.texts.manageOnline}</p>

      <section className="portal-section" aria-labelledby="account-contact">
        <h2 id="account-contact">{message('ui.patient.account.contact')}</h2>
        <Loaded query={account} skeleton={<ListSkeleton rows={1} height="11rem" />}>
          {(a) => (
            <dl className="details-list item">
              <div>
                <dt>{message('ui.patient.account.name')}</dt>
                <dd>{fullName(a)}</dd>
              </div>
              <div>
                <dt>{message('ui.patient.account.email')}</dt>
                <dd>{a.email}</dd>
              </div>
              <div>
                <dt>{message('ui.patient.account.phone')}</dt>
                <dd>{a.phoneNumber ? formatPhone(a.phoneNumber) : notGiven}</dd>
              </div>
              <div>
                <dt>{message('ui.patient.account.address')}</dt>
                <dd>{formatAddress(a.address) ?? notGiven}</dd>
              </div>
            </dl>
          )}
        </Loaded>
      </section>

      <section className="portal-section" aria-labelledby="account-dependants">
        <h2 id="account-dependants">{message('ui.patient.account.dependants')}</h2>
        <Loaded query={patients} skeleton={<ListSkeleton rows={1} />}>
          {(list) => {
            const dependants = list.filter((p) => p.relationship !== 'Self');
            if (!dependants.length) return <p className="muted">{message('ui.patient.account.noDependants')}</p>;
            return (
              <ul className="item-list">
                {dependants.map((p) => (
                  <li key={p.id} className="item">
                    <p className="item__title">{fullName(p)}</p>
                    <p className="item__meta">
                      {relationshipLabel(p.relationship)}
                      {p.dateOfBirth ? ` · ${message('ui.patient.account.bornOn', { date: formatUsDate(p.dateOfBirth) })}` : ''}{' '}
                      {isMinor(p.dateOfBirth, today) ? <span className="badge">{message('ui.patient.account.minor')}</span> : null}
                    </p>
                  </li>
                ))}
              </ul>
            );
          }}
        </Loaded>
      </section>

      <section className="portal-section" aria-labelledby="account-responsible">
        <h2 id="account-responsible">{message('ui.patient.account.responsibleParty')}</h2>
        <div className="item stack-sm">
          <p>{message('ui.patient.account.responsiblePartyYou')}</p>
          <p>{accountNotes.texts.responsiblePartyAdult}</p>
          <p>{accountNotes.texts.minorNeedsGuardian}</p>
        </div>
      </section>

      <RecordExport />
    </PortalShell>
  );
}
