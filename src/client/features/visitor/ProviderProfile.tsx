/**
 * A provider's profile (product-spec §2, §3): about, title, specialties, languages and the other
 * filter values, practice address with a map link, self-pay rate (domain pay-rate rule), accepted
 * insurance and open times. Rendered on the server with its data (loadProfile), so search engines
 * read it; a removed provider shows the catalogue's provider-deleted message.
 */
import { Link, useSearchParams } from 'react-router';
import copySpec from '@/generated/content/provider-profile';
import * as placesConstants from '@/generated/constants/places';
import type { CounselingSpecialty, CounselingType } from '@/generated/enums';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { withQuery } from '@/domain/booking-start';
import { fillContent } from '@/domain/content-text';
import { sessionPayRate } from '@/domain/pay-rate';
import { formatPhone, telHref } from '@/domain/phone';
import { parseProviderSearch, providerSearchParams } from '@/domain/provider-search';
import { onlyOne } from './search-view';
import { PageLoadError } from '@/client/app/PageLoadError';
import { formatList, fullName, stateName } from '@/client/ui/format';
import { PageSkeleton } from '@/client/ui/Skeleton';
import type { RouteDataContext, RouteDataResult } from '@/client/runtime/ssr/route-data';
import { fetchProfile, filtersQuery, useFilters, useProfile, type Filter, type Provider, type ProfileLookup } from './queries';
import { searchPath } from './paths';
import { profileAvailabilityQuery, SlotPicker } from './SlotPicker';
import { useStartBooking, visitorBookingHref } from './useStartBooking';
import './visitor.css';
import { formatDollars } from '@/domain/money';
import { compareAgeGroups } from '@/domain/age-groups';
import { pageHref } from '@/client/app/page-href';
import { enumLabelOf, errorTemplate, liveDocument } from '@/domain/translations';
import { Name } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';

const copy = liveDocument('content', copySpec);

export type { ProfileLookup };

const profilePhone = placesConstants.phoneLines.profile;
const STATUS_GONE = 410;
const STATUS_NOT_FOUND = 404;

function mapLink(p: Provider): string {
  const query = new URLSearchParams({ api: '1', query: `${p.practice.name}, ${p.practice.address}` });
  if (p.practice.googlePlaceId) query.set('query_place_id', p.practice.googlePlaceId);
  return `https://www.google.com/maps/search/?${query.toString()}`;
}

/** The head of a profile page: title, description, canonical (the friendly address when there is one) and schema.org data. */
function profileHead(p: Provider, origin: string, path: string): RouteDataResult['head'] {
  const specialties = (p.specialties ?? []).map((s) => enumLabelOf(careEnums.counselingSpecialty, s));
  const inPerson = p.filters.some((f) => f.type === 'availability_type' && f.value === 'in_person');
  const values = {
    name: fullName(p),
    title: p.title,
    city: p.practice.city,
    state: p.practice.state,
    states: formatList(p.licensedStates),
    specialties: formatList(specialties),
  };
  const canonicalPath = p.providerSlugs[0]?.path ?? path;
  return {
    title: fillContent(copy.metaTitle, values),
    description: fillContent(copy.metaDescription, { ...values, inPerson: inPerson ? fillContent(copy.metaInPerson, values) : '' }),
    canonical: `${origin}${canonicalPath}`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: fullName(p),
      jobTitle: p.title,
      description: p.about.text,
      url: `${origin}${canonicalPath}`,
      workLocation: {
        '@type': 'Place',
        name: p.practice.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: p.practice.addressLine1,
          addressLocality: p.practice.city,
          addressRegion: p.practice.state,
          postalCode: p.practice.zipcode,
          addressCountry: p.practice.country,
        },
      },
    },
  };
}

/** A provider's open times on the server: the picker's view the address asks for (its first by default), for the care a search asked for. */
export async function prefetchProviderTimes(context: RouteDataContext, provider: Provider): Promise<void> {
  const searched = parseProviderSearch(context.search);
  await context.queryClient.prefetchQuery(
    profileAvailabilityQuery(context.api, provider, context.search, onlyOne<CounselingType>(searched.filters.counseling_type), context.now),
  );
}

/**
 * A provider's open times, as the profile shows them and search's times dialog loads them
 * (ProviderTimesFragment). Opened from a search (a link or the dialog carrying its context), a time
 * books the care searched for; on a document page each time is a link into booking.
 */
export function ProviderTimes({ provider }: { provider: Provider }) {
  const startBooking = useStartBooking();
  const [params] = useSearchParams();
  const searched = parseProviderSearch(params);
  const bookingContext = { searchedCounselingTypes: searched.filters.counseling_type, selfPay: searched.selfPay, partnershipCode: searched.partnershipCode };
  return (
    <SlotPicker
      provider={provider}
      counselingType={onlyOne<CounselingType>(searched.filters.counseling_type)}
      searchedCounselingTypes={searched.filters.counseling_type}
      onChoose={(slot) => startBooking(slot, provider, bookingContext)}
      chooseHref={(slot) => pageHref(visitorBookingHref(slot, provider, bookingContext))}
    />
  );
}

/** Loads a profile on the server (and the filter display values it shows) and says the page's status and head. */
export async function loadProfile(context: RouteDataContext, lookup: ProfileLookup): Promise<RouteDataResult> {
  const [result] = await Promise.all([fetchProfile(context.api, context.queryClient, lookup), context.queryClient.prefetchQuery(filtersQuery(context.api))]);
  const path = new URL(context.url, context.origin).pathname;
  if (result.kind === 'found') {
    await prefetchProviderTimes(context, result.provider);
    return { head: profileHead(result.provider, context.origin, path) };
  }
  return {
    status: result.kind === 'removed' ? STATUS_GONE : STATUS_NOT_FOUND,
    head: { title: result.kind === 'removed' ? copy.deletedHeading : copy.notFoundHeading, robots: 'noindex' },
  };
}

function Values({ label, values }: { label: string; values: string[] }) {
  if (!values.length) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <ul className="tag-list">
          {values.map((v) => (
            <li key={v}>{v}</li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

function ProfileMessage({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="container profile">
      <div className="card stack message-card" role="status">
        <h1>{heading}</h1>
        <p>{text}</p>
        <p>
          <Link className="btn btn--primary" to={searchPath}>
            {copy.searchAgain}
          </Link>
        </p>
        <p className="small">
          <a href={telHref(profilePhone)}>{formatPhone(profilePhone)}</a>
        </p>
      </div>
    </div>
  );
}

function displayValues(provider: Provider, type: string, catalogue: readonly Filter[] | undefined): string[] {
  const ofType = provider.filters.filter((f) => f.type === type);
  // Ages read youngest first ("0-5, 6-10, 11-13"), not in the order the filters were stored.
  if (type === 'client_age_group') ofType.sort((a, b) => compareAgeGroups(a.value, b.value));
  return ofType.map((f) => catalogue?.find((c) => c.type === type && c.value === f.value)?.displayValue ?? f.value);
}

export function ProviderProfile({ lookup }: { lookup: ProfileLookup }) {
  const profile = useProfile(lookup);
  const filters = useFilters();

  if (profile.isPending) return <PageSkeleton />;
  if (!profile.result) {
    return (
      <div className="container profile">
        <PageLoadError phone={profilePhone} />
      </div>
    );
  }
  const { result } = profile;
  if (result.kind === 'removed') return <ProfileMessage heading={copy.deletedHeading} text={errorTemplate('PROVIDER_DELETED')} />;
  if (result.kind === 'missing') return <ProfileMessage heading={copy.notFoundHeading} text={copy.notFoundText} />;

  const p = result.provider;
  const catalogue = filters.data?.items;
  const values = (type: string) => displayValues(p, type, catalogue);
  const rate = sessionPayRate(p.about.payrates, false);
  const specialties = (p.specialties ?? []).map((s: CounselingSpecialty) => enumLabelOf(careEnums.counselingSpecialty, s));
  const backToSearch = `${searchPath}?${providerSearchParams({ state: p.practice.state, filters: {}, page: 1 }).toString()}`;
  const insurance = values('insurance_id');

  return (
    <div className="container profile">
      <p>
        <Link to={backToSearch}>← {copy.back}</Link>
      </p>
      <div className="profile__layout">
        <div className="stack-lg">
          <header className="profile__head">
            <span className="provider-card__avatar profile__avatar" aria-hidden="true">
              {p.firstName[0]}
              {p.lastName[0]}
            </span>
            <div>
              <h1 translate="no">{fullName(p)}</h1>
              <p className="profile__title">
                {p.title} · {p.practice.city}, {p.practice.state}
              </p>
            </div>
          </header>

          <section className="card stack-sm" aria-labelledby="profile-about">
            <h2 id="profile-about">{fillContent(copy.about, { firstName: p.firstName })}</h2>
            {/* Written in one language, whatever the page's: marked with it (WCAG 3.1.2). */}
            <p className="provider-profile__about" lang={p.about.locale}>
              {p.about.text}
            </p>
          </section>

          <section className="card" aria-label={copy.specialties}>
            <dl>
              <Values label={copy.specialties} values={specialties} />
              <Values label={copy.careTypes} values={values('counseling_type')} />
              <Values label={copy.sessionTypes} values={values('availability_type')} />
              <Values label={copy.areasOfConcern} values={values('area_of_concern')} />
              <Values label={copy.approaches} values={values('counseling_approach')} />
              <Values label={copy.languages} values={values('language')} />
              <Values label={copy.ages} values={values('client_age_group')} />
            </dl>
          </section>

          <section className="card stack" aria-labelledby="profile-times">
            <h2 id="profile-times">{copy.availability}</h2>
            <ProviderTimes provider={p} />
            <div className="stack-sm">
              <p className="muted">{message('ui.waitlist.profileJoinHint')}</p>
              <p>
                <Link className="btn btn--secondary" to={withQuery(routeById.waitlistJoin.path, { providerId: p.id, state: p.practice.state })}>
                  {message('ui.waitlist.profileJoin')}
                </Link>
              </p>
            </div>
          </section>
        </div>

        <aside className="profile__aside stack">
          <section className="card stack-sm" aria-labelledby="profile-rate">
            <h2 id="profile-rate">{copy.payRate}</h2>
            {rate !== undefined ? (
              <p className="pay-rate">{fillContent(copy.payRateValue, { rate: formatDollars(rate, { wholeAmountsShort: true }) })}</p>
            ) : null}
            <p className="small muted">{copy.payRateNote}</p>
          </section>
          {/* The public notice of the right to a Good Faith Estimate (45 CFR 149.610) beside the price. */}
          <section className="card stack-sm" aria-labelledby="profile-gfe">
            <h2 id="profile-gfe">{message('ui.goodFaithEstimate.heading')}</h2>
            <p className="small">{message('ui.goodFaithEstimate.notice')}</p>
          </section>
          <section className="card stack-sm" aria-labelledby="profile-practice">
            <h2 id="profile-practice">{copy.practice}</h2>
            <address>
              <Name>{p.practice.name}</Name>
              <br />
              {p.practice.addressLine1}
              <br />
              {p.practice.city}, {p.practice.state} {p.practice.zipcode}
            </address>
            <a href={mapLink(p)} target="_blank" rel="noopener noreferrer">
              {copy.directions}
            </a>
            <p className="small">
              <strong>{copy.licensedIn}:</strong> {formatList(p.licensedStates.map(stateName))}
            </p>
          </section>
          <section className="card stack-sm" aria-labelledby="profile-insurance">
            <h2 id="profile-insurance">{copy.insurance}</h2>
            {insurance.length ? (
              <ul className="tag-list">
                {insurance.map((v) => (
                  <li key={v}>{v}</li>
                ))}
              </ul>
            ) : (
              <p className="small">{copy.insuranceNone}</p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
