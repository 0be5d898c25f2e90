/** /app/support/dashboard/useraccountnotfound?email=: no account uses the address support looked for. */
import { useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { ButtonLink } from '@/client/ui/Button';
import { SupportShell } from './SupportShell';

export default function UserAccountNotFoundPage() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  return (
    <SupportShell route="supportUserAccountNotFound">
      <p className="notice" role="status">
        {message('ui.support.notFound.text', { email })}
      </p>
      <div className="cluster">
        <ButtonLink to={routeById.supportDashboard.path} variant="secondary">
          {message('ui.support.notFound.again')}
        </ButtonLink>
        <ButtonLink to={routeById.providerSearch.path}>{message('ui.support.book.action')}</ButtonLink>
      </div>
    </SupportShell>
  );
}
