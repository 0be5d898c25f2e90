/**
 * Referral sent (/care/v1/referrals/make/done?referral={id}): who was referred to
 * whom, read back from the clinician's own referrals (so a reload shows the same), and the ways on.
 */
import { useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { useListReferralsQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { PageLoadError } from '@/client/app/PageLoadError';
import { ButtonLink } from '@/client/ui/Button';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import './care.css';
import { routeTitle } from '@/domain/translations';

export default function MakeReferralDonePage() {
  const [params] = useSearchParams();
  const id = params.get('referral');
  const referrals = useListReferralsQuery();
  const referral = referrals.data?.sent.find((r) => r.id === id);
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careMakeReferralDone')}</h1>
      </header>
      {referrals.isError ? (
        <PageLoadError />
      ) : !referrals.data ? (
        <div role="status" aria-busy="true">
          <Skeleton height="5rem" />
        </div>
      ) : (
        <div className="card stack" role="status">
          <p className="notice notice--success">
            {referral
              ? message('ui.care.referrals.done', {
                  client: fullName(referral.client),
                  provider: `${fullName(referral.toProvider)}, ${referral.toProvider.title}`,
                })
              : message('ui.care.referralSent')}
          </p>
        </div>
      )}
      <div className="cluster">
        <ButtonLink to={routeById.careReferrals.path}>{message('ui.care.referrals.back')}</ButtonLink>
        <ButtonLink variant="secondary" to={routeById.careMakeReferral.path}>
          {message('ui.care.referrals.another')}
        </ButtonLink>
      </div>
    </div>
  );
}
