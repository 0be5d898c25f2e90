/**
 * Home (/): the search entry (care, location, insurance) leading to provider search with those
 * filters, how it works, testimonials, carriers, awards, and the call center's status with its
 * phone number. Rendered on the server with its data (loadData): the call center's status and the
 * insurance carriers.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import homeSpec from '@/generated/content/home';
import * as marketplaceConstants from '@/generated/constants/marketplace';
import type { QuestionnaireService } from '@/generated/enums';
import * as careEnums from '@/generated/enums/care';
import { routeById } from '@/generated/routes';
import { providerSearchParams, searchFromQuestionnaire } from '@/domain/provider-search';
import type { RouteDataContext } from '@/client/runtime/ssr/route-data';
import { ButtonLink } from '@/client/ui/Button';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { islandAttribute, REQUIRED_MESSAGE_ATTRIBUTE } from '@/client/islands/names';
import { allFiltersQuery, callCenterQuery, useAllFilters } from './queries';
import { Awards, CallCenterStatus, Carriers, HowItWorksCarousel, Testimonials } from './blocks';
import './home.css';
import { pageHref } from '@/client/app/page-href';
import { enumOptionsOf, liveDocument } from '@/domain/translations';

const home = liveDocument('content', homeSpec);

export async function loadData({ queryClient, api }: RouteDataContext) {
  await Promise.all([queryClient.prefetchQuery(callCenterQuery()), queryClient.prefetchQuery(allFiltersQuery(api))]);
}

/** The insurance filter's query parameter: one per filter type, named as the type. */
const INSURANCE_PARAM = 'insurance_id';

function SearchEntry() {
  const navigate = useNavigate();
  const id = useId();
  const filters = useAllFilters();
  const carriers = (filters.data?.items ?? []).filter((f) => f.type === 'insurance_id').sort((a, b) => a.displayValue.localeCompare(b.displayValue));
  const [error, setError] = useState<string>();
  // On a document page the form is sent as it is (a GET search); the search-entry island asks for the location first.
  const island = useDocumentMode() ? { ...islandAttribute('search-entry'), [REQUIRED_MESSAGE_ATTRIBUTE]: home.search.locationRequired } : {};

  // The fields are uncontrolled and named after the search's own parameters: what a person types
  // before the page's script has loaded survives hydration, and a press of the button before then
  // still reaches provider search (the browser submits the form to it).
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const location = String(form.get(marketplaceConstants.providerSearchParams.location) ?? '').trim();
    const service = String(form.get(marketplaceConstants.providerSearchParams.service) ?? '') as QuestionnaireService;
    const carrier = String(form.get(INSURANCE_PARAM) ?? '');
    if (!location) {
      setError(home.search.locationRequired);
      return;
    }
    const search = searchFromQuestionnaire({ service, location, insuranceCarrier: carrier || undefined });
    void navigate(`${routeById.providerSearch.path}?${providerSearchParams(search).toString()}`);
  }

  return (
    <form
      className="search-entry card"
      action={pageHref(routeById.providerSearch.path)}
      method="get"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      noValidate
      {...island}
    >
      <h2 id={`${id}-title`} className="search-entry__title">
        {home.hero.searchLabel}
      </h2>
      <div className="search-entry__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-service`}>
            {home.hero.serviceLabel}
          </label>
          <select
            id={`${id}-service`}
            name={marketplaceConstants.providerSearchParams.service}
            className="select"
            defaultValue={careEnums.questionnaireService.values[0]}
          >
            {enumOptionsOf(careEnums.questionnaireService).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-location`}>
            {home.hero.locationLabel}
          </label>
          <input
            id={`${id}-location`}
            name={marketplaceConstants.providerSearchParams.location}
            className="input"
            onChange={() => setError(undefined)}
            autoComplete="postal-code"
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-location-hint${error ? ` ${id}-location-error` : ''}`}
          />
          <span id={`${id}-location-hint`} className="field__hint">
            {home.hero.locationHint}
          </span>
          <span id={`${id}-location-error`} className="field__error" role="alert">
            {error ?? ''}
          </span>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-insurance`}>
            {home.hero.insuranceLabel}
          </label>
          <select id={`${id}-insurance`} name={INSURANCE_PARAM} className="select" defaultValue="">
            <option value="">{home.hero.insuranceAny}</option>
            {carriers.map((c) => (
              <option key={c.id} value={c.value}>
                {c.displayValue}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="btn btn--primary btn--block">
        {home.hero.submitLabel}
      </button>
    </form>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1>{home.hero.heading}</h1>
            <p className="hero__lead">{home.hero.subheading}</p>
          </div>
          <SearchEntry />
        </div>
      </section>

      <section className="section" id="how-it-works" aria-labelledby="how-heading">
        <div className="container stack">
          <h2 id="how-heading">{home.howItWorks.heading}</h2>
          <HowItWorksCarousel headingLevel={3} />
        </div>
      </section>

      <Testimonials />
      <Carriers />
      <Awards />

      <section className="section" aria-labelledby="partners-heading">
        <div className="container stack-sm">
          <h2 id="partners-heading">{home.partners.heading}</h2>
          <p>{home.partners.text}</p>
          <p>
            <ButtonLink to={routeById.partnerDirectory.path} variant="secondary">
              {home.partners.link}
            </ButtonLink>
          </p>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-heading">
        <div className="container cta__inner">
          <div className="stack">
            <h2 id="cta-heading">{home.callToAction.heading}</h2>
            <p>{home.callToAction.text}</p>
            <p>
              <ButtonLink to={routeById.searchQuestionnaire.path}>{home.callToAction.button}</ButtonLink>
            </p>
          </div>
          <CallCenterStatus />
        </div>
      </section>
    </>
  );
}
