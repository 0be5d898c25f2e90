/** Pieces of provider search that the app's page and the document page share: the location form and the result pages. */
import { useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import copySpec from '@/generated/content/provider-search';
import * as marketplaceConstants from '@/generated/constants/marketplace';
import { routeById } from '@/generated/routes';
import { fillContent } from '@/domain/content-text';
import { pageCount, type ProviderSearch } from '@/domain/provider-search';
import { HiddenFields } from '@/client/ui/HiddenFields';
import { pageHref } from '@/client/app/page-href';
import { liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

export function LocationForm({
  search,
  onSubmit,
  error,
  keep,
}: {
  search: ProviderSearch;
  onSubmit: (location: string) => void;
  error?: string;
  /** on a document page: the rest of the search (filters, order), carried as hidden fields to the new place */
  keep?: URLSearchParams;
}) {
  // One location form a page, named alike by the server and the browser: /app/providers is drawn by the server
  // (React) and hydrated by the browser build (Preact), whose useId names differ, so a hint or error drawn
  // after hydration would be named differently from the field's server-drawn references (aria-describedby).
  const id = 'location-search';
  // Uncontrolled: what a person types while the page is still starting (a server-rendered page
  // hydrating, a slow phone) is kept, and read when the form is sent.
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit((input.current?.value ?? '').trim());
  };
  return (
    // Sent before the page's script runs, it is a plain search by address (the server renders the results).
    <form
      className="location-form"
      onSubmit={submit}
      role="search"
      aria-label={copy.location.label}
      action={pageHref(routeById.providerSearch.path)}
      method="get"
    >
      {keep ? <HiddenFields params={keep} /> : null}
      <div className="field location-form__field">
        <label className="field__label" htmlFor={`${id}-location`}>
          {copy.location.label}
        </label>
        <div className="location-form__row">
          <input
            id={`${id}-location`}
            className="input"
            ref={input}
            name={marketplaceConstants.providerSearchParams.location}
            defaultValue={search.location ?? ''}
            autoComplete="postal-code"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            maxLength={100}
          />
          <button type="submit" className="btn btn--primary">
            {copy.location.submit}
          </button>
        </div>
        <span id={`${id}-hint`} className="field__hint">
          {copy.location.hint}
        </span>
        {error ? (
          <span id={`${id}-error`} className="field__error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </form>
  );
}

export function Pagination({ search, total, hrefOf }: { search: ProviderSearch; total: number; hrefOf: (page: number) => string }) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  const page = Math.min(search.page, pages);
  return (
    <nav className="pagination" aria-label={copy.results.pagination}>
      {page > 1 ? (
        <Link className="btn btn--secondary" to={hrefOf(page - 1)} rel="prev">
          {copy.results.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination__where" aria-current="page">
        {fillContent(copy.results.page, { page, pages })}
      </span>
      {page < pages ? (
        <Link className="btn btn--secondary" to={hrefOf(page + 1)} rel="next">
          {copy.results.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
