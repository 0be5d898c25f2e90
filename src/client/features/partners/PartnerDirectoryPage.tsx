/**
 * The partner directory (/app/partners): partners by name, a page at a time (GET /business-partners
 * with offset and limit). Each page has its own address (?page=) and plain links to the next and
 * previous ones, so search engines can follow the whole list. Members enter their partnership code
 * under their partner's name.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useListBusinessPartnersQuery } from '@/generated/client/hooks';
import * as limitsConstants from '@/generated/constants/limits';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { withQuery } from '@/client/runtime/navigation/places';
import { Button, ButtonLink } from '@/client/ui/Button';
import { Skeleton } from '@/client/ui/Skeleton';
import { pageCount, pageFrom } from './data';
import { PartnerCodeForm } from './PartnerCodeForm';
import './partners.css';

const pagePath = (page: number) => withQuery(routeById.partnerDirectory.path, { page: page > 1 ? String(page) : undefined });

export default function PartnerDirectoryPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const limit = limitsConstants.pageSize;
  const offset = (page - 1) * limit;
  const list = useListBusinessPartnersQuery({ query: { offset, limit } }, { placeholderData: keepPreviousData });
  const pages = list.data ? pageCount(list.data.total, limit) : 1;

  return (
    <div className="container section stack-lg partners">
      <header className="stack-sm">
        <h1>{message('ui.partners.heading')}</h1>
        <p className="partners__intro">{message('ui.partners.intro')}</p>
      </header>

      {list.isError ? (
        <div className="notice notice--error stack-sm" role="alert">
          <p>{message('ui.partners.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {message('ui.partners.retry')}
          </Button>
        </div>
      ) : !list.data ? (
        <ul className="partner-list" aria-busy="true" aria-label={message('ui.partners.heading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="card partner-card">
              <Skeleton width="50%" height="1.75rem" />
              <Skeleton width="70%" height="1rem" />
              <Skeleton height="2.75rem" />
            </li>
          ))}
        </ul>
      ) : list.data.items.length === 0 ? (
        <div className="notice stack-sm">
          <p>{message('ui.partners.empty')}</p>
          <ButtonLink to={routeById.providerSearch.path}>{message('ui.partners.continue')}</ButtonLink>
        </div>
      ) : (
        <>
          <ul className="partner-list" aria-label={message('ui.partners.heading')}>
            {list.data.items.map((partner) => (
              <li key={partner.id} className="card partner-card stack-sm">
                <h2 className="partner-card__name">{partner.name}</h2>
                {partner.phone ? (
                  <p className="small muted">
                    {message('ui.partners.partnerPhone')}: <a href={telHref(partner.phone)}>{formatPhone(partner.phone)}</a>
                  </p>
                ) : null}
                <PartnerCodeForm partner={partner} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="pager" aria-label={message('ui.partners.pagination')}>
              {page > 1 ? (
                <Link rel="prev" to={pagePath(page - 1)}>
                  {message('ui.partners.previous')}
                </Link>
              ) : (
                <span />
              )}
              <span aria-current="page">{message('ui.partners.pageOf', { page, pages })}</span>
              {page < pages ? (
                <Link rel="next" to={pagePath(page + 1)}>
                  {message('ui.partners.next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
