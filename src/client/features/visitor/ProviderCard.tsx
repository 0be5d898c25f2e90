/** One provider in the search results: who, where, licensed in which states, insurance, and the first open time. */
import { Link } from 'react-router';
import copySpec from '@/generated/content/provider-search';
import { fillContent } from '@/domain/content-text';
import { formatList } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { PENDING_ATTRIBUTE, SEARCH_ATTRIBUTES } from '@/client/islands/names';
import type { Filter, Provider, Slot } from './queries';
import { formatDay, formatTime, zoneLabel } from '@/domain/date-format';
import { fullName } from '@/domain/names';
import { liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

export interface ProviderCardProps {
  provider: Provider;
  profilePath: string;
  /** undefined while loading, null when there is no open time */
  firstSlot: Slot | null | undefined;
  displayOf: (type: string, value: string) => Filter | undefined;
  /** in the app: opens the provider's times (the availability dialog) */
  onSeeTimes?: (provider: Provider) => void;
  headingLevel?: 2 | 3;
  /** on a document page (not hydrated): the provider's times for the island's dialog (the provider's picker with the search's context) and its title */
  times?: { href: string; title: string };
}

export function ProviderCard({ provider, profilePath, firstSlot, displayOf, onSeeTimes, headingLevel = 3, times }: ProviderCardProps) {
  const t = copy.card;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = fullName(provider);
  const valuesOf = (type: string) => provider.filters.filter((f) => f.type === type).map((f) => displayOf(type, f.value)?.displayValue ?? f.value);
  const inPerson = provider.filters.some((f) => f.type === 'availability_type' && f.value === 'in_person');
  const carriers = valuesOf('insurance_id');
  const careTypes = valuesOf('counseling_type');
  const distance = provider.distanceMiles ?? undefined;

  return (
    <article className="provider-card card" aria-labelledby={`provider-${provider.id}`}>
      <div className="provider-card__head">
        <span className="provider-card__avatar" aria-hidden="true">
          {provider.firstName[0]}
          {provider.lastName[0]}
        </span>
        <div className="provider-card__who">
          <Heading id={`provider-${provider.id}`} className="provider-card__name" translate="no">
            <Link to={profilePath}>{name}</Link>
            <span className="provider-card__title">, {provider.title}</span>
          </Heading>
          <p className="provider-card__place small muted">
            {provider.practice.city}, {provider.practice.state}
            {distance !== undefined ? ` · ${fillContent(t.distance, { miles: distance < 10 ? distance.toFixed(1) : Math.round(distance) })}` : ''}
          </p>
        </div>
      </div>
      <ul className="provider-card__facts small">
        <li>{inPerson ? t.videoAndInPerson : t.videoOnly}</li>
        <li>{fillContent(t.licensedIn, { states: formatList(provider.licensedStates) })}</li>
        {careTypes.length ? <li>{formatList(careTypes)}</li> : null}
        {carriers.length ? <li>{fillContent(t.accepts, { carriers: formatList(carriers) })}</li> : null}
      </ul>
      <div className="provider-card__next">
        {firstSlot === undefined ? (
          <span className="provider-card__slot-loading">
            <span className="visually-hidden">{t.nextAvailableLoading}</span>
            <Skeleton width="14rem" height="1.25rem" />
          </span>
        ) : firstSlot === null ? (
          <p className="small muted">{t.noOpenTimes}</p>
        ) : (
          <p className="provider-card__first small">
            {fillContent(t.nextAvailable, {
              time: `${formatDay(firstSlot.start, provider.timeZone)}, ${formatTime(firstSlot.start, provider.timeZone)}`,
            })}{' '}
            <span className="muted">({zoneLabel(provider.timeZone, new Date(firstSlot.start))})</span>
          </p>
        )}
      </div>
      <div className="provider-card__actions">
        {times ? (
          // Shown once the island runs (its place is held); without it "View profile" leads to the same times.
          <button
            type="button"
            className="btn btn--primary"
            aria-describedby={`provider-${provider.id}`}
            {...{
              [SEARCH_ATTRIBUTES.timesHref]: times.href,
              [SEARCH_ATTRIBUTES.timesTitle]: times.title,
              [SEARCH_ATTRIBUTES.profileHref]: profilePath,
              [PENDING_ATTRIBUTE]: '',
            }}
          >
            {t.seeTimes}
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => onSeeTimes?.(provider)} aria-describedby={`provider-${provider.id}`}>
            {t.seeTimes}
          </button>
        )}
        <Link className="btn btn--secondary" to={profilePath} aria-describedby={`provider-${provider.id}`}>
          {t.viewProfile}
        </Link>
      </div>
    </article>
  );
}
