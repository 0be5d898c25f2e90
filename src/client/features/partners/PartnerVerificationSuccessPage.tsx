/**
 * A partnership code confirmed (/app/partners/verificationsuccess?partnershipCode=…): the partner's
 * own verification message (or ours), its booking details kept in the booking store and the code
 * in the stored search query, and the way on to provider search with the code.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGetBusinessPartnerByCodeQuery } from '@/generated/client/hooks';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { errorTextFor } from '@/client/api/errors';
import { withQuery } from '@/client/runtime/navigation/places';
import { ButtonLink } from '@/client/ui/Button';
import { Skeleton } from '@/client/ui/Skeleton';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { bookingHelperUpdated } from '@/client/store/booking/slice';
import { searchQuerySaved } from '@/client/store/global/slice';
import { selectAudience } from '@/client/store/auth/slice';
import { PARTNERSHIP_CODE_PATTERN } from './data';
import './partners.css';
import { routeTitle } from '@/domain/translations';

export default function PartnerVerificationSuccessPage() {
  const dispatch = useAppDispatch();
  const audience = useAppSelector(selectAudience);
  const [params] = useSearchParams();
  const raw = params.get('partnershipCode')?.trim() ?? '';
  const code = PARTNERSHIP_CODE_PATTERN.test(raw) ? raw.toUpperCase() : undefined;
  const found = useGetBusinessPartnerByCodeQuery({ params: { code: code ?? '' } }, { enabled: Boolean(code), retry: false });

  useEffect(() => {
    if (!found.data) return;
    dispatch(bookingHelperUpdated({ b2bUserDetails: found.data.b2bDetails }));
    dispatch(searchQuerySaved({ partnershipCode: found.data.partner.partnershipCode }));
  }, [found.data, dispatch]);

  const back = <Link to={routeById.partnerDirectory.path}>{message('ui.partners.heading')}</Link>;
  let body;
  if (!code) {
    body = (
      <>
        <p>{message('ui.partners.missingCode')}</p>
        {back}
      </>
    );
  } else if (found.isError) {
    body = (
      <>
        <div className="notice notice--error" role="alert">
          <p>{errorTextFor(found.error, audience)}</p>
        </div>
        {back}
      </>
    );
  } else if (!found.data) {
    body = (
      <div className="stack-sm" role="status" aria-busy="true">
        <Skeleton width="80%" />
        <Skeleton width="60%" />
        <Skeleton width="12rem" height="2.75rem" />
      </div>
    );
  } else {
    const { partner, b2bDetails } = found.data;
    body = (
      <>
        <p className="notice notice--success" role="status">
          {b2bDetails.verificationMessages.success || message('ui.partners.verified')}
        </p>
        <p className="partner-card__name">{partner.name}</p>
        {/* What the code covers, before any session is chosen: its sessions, never "this session". */}
        <p>{message(partner.dealStructure === 'Fully Covered' ? 'ui.partners.covers.full' : 'ui.partners.covers.partial', { partner: partner.name })}</p>
        {partner.phone ? (
          <p className="small muted">
            {message('ui.partners.partnerPhone')}: <a href={telHref(partner.phone)}>{formatPhone(partner.phone)}</a>
          </p>
        ) : null}
        <ButtonLink to={withQuery(routeById.providerSearch.path, { partnershipCode: partner.partnershipCode })}>{message('ui.partners.continue')}</ButtonLink>
      </>
    );
  }

  return (
    <div className="container section">
      <div className="form-card card stack">
        <h1 className="partners__title">{routeTitle('partnerVerificationSuccess')}</h1>
        {body}
      </div>
    </div>
  );
}
