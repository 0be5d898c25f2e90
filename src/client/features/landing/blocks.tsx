/**
 * Content blocks of the public pages (product-spec §1): the how-it-works carousel, testimonials,
 * insurance carriers, awards, the city FAQ and the call center's status. All copy from specs/content.
 */
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import awardsSpec from '@/generated/content/awards';
import carriersSpec from '@/generated/content/carriers';
import cityFaqSpec from '@/generated/content/city-faq';
import howItWorksSpec from '@/generated/content/how-it-works';
import testimonialsSpec from '@/generated/content/testimonials';
import homeSpec from '@/generated/content/home';
import * as placesConstants from '@/generated/constants/places';
import * as timingConstants from '@/generated/constants/timing';
import { fillContent, fillContentTree } from '@/domain/content-text';
import { message } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';
import { islandAttribute, PENDING_ATTRIBUTE } from '@/client/islands/names';
import { callCenterQuery } from './queries';
import { formatDay, formatTime, zoneLabel } from '@/domain/date-format';
import { liveDocument } from '@/domain/translations';

const awards = liveDocument('content', awardsSpec);
const carriers = liveDocument('content', carriersSpec);
const cityFaq = liveDocument('content', cityFaqSpec);
const howItWorks = liveDocument('content', howItWorksSpec);
const testimonials = liveDocument('content', testimonialsSpec);
const home = liveDocument('content', homeSpec);

export function HowItWorksCarousel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const id = useId();
  const [active, setActive] = useState(0);
  const track = useRef<HTMLOListElement>(null);
  const slides = howItWorks.slides;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // On a document page the controls are the carousel island's (src/client/islands/carousel.ts): their
  // place is held, invisible, until it runs; without a script the track still scrolls sideways and every slide is in the page.
  const documentMode = useDocumentMode();
  const go = (index: number) => {
    const next = (index + slides.length) % slides.length;
    setActive(next);
    const slide = track.current?.children[next] as HTMLElement | undefined;
    track.current?.scrollTo({ left: slide ? slide.offsetLeft - track.current.offsetLeft : 0, behavior: 'smooth' });
  };
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={`${id}-title`}
      {...(documentMode ? islandAttribute('carousel') : {})}
    >
      <Heading id={`${id}-title`} className="carousel__title">
        {howItWorks.heading}
      </Heading>
      {/* The track scrolls sideways on small screens: focusable, so the keyboard can scroll it too. */}
      <ol className="carousel__track" ref={track} tabIndex={0} aria-labelledby={`${id}-title`}>
        {slides.map((slide, i) => (
          <li key={slide.title} className="carousel__slide card">
            <div role="group" aria-roledescription="slide" aria-label={`${i + 1} / ${slides.length}`} aria-current={i === active ? true : undefined}>
              <span className="carousel__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{slide.title}</h3>
              <p className="muted">{slide.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="carousel__controls" {...(documentMode ? { [PENDING_ATTRIBUTE]: '' } : {})}>
        <button type="button" className="btn btn--secondary carousel__button" onClick={() => go(active - 1)}>
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">{howItWorks.previousLabel}</span>
        </button>
        <span className="carousel__dots" aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s.title} className={i === active ? 'carousel__dot carousel__dot--active' : 'carousel__dot'} />
          ))}
        </span>
        <button type="button" className="btn btn--secondary carousel__button" onClick={() => go(active + 1)}>
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">{howItWorks.nextLabel}</span>
        </button>
      </div>
    </div>
  );
}

export function Testimonials() {
  return (
    <section className="section" aria-labelledby="testimonials-heading">
      <div className="container stack">
        <h2 id="testimonials-heading">{testimonials.heading}</h2>
        <ul className="testimonials grid">
          {testimonials.items.map((t) => (
            <li key={t.name} className="card testimonial">
              <figure>
                <blockquote>
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{t.name}</strong>
                  {t.detail ? <span className="muted small"> · {t.detail}</span> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {testimonials.note ? <p className="small muted">{testimonials.note}</p> : null}
      </div>
    </section>
  );
}

export function Carriers() {
  return (
    <section className="section section--muted" aria-labelledby="carriers-heading">
      <div className="container stack">
        <h2 id="carriers-heading">{carriers.heading}</h2>
        <ul className="logo-row">
          {carriers.items.map((c) => (
            <li key={c.name}>
              <img src={c.logo} alt={c.name} width="160" height="48" loading="lazy" />
            </li>
          ))}
        </ul>
        {carriers.note ? <p className="small muted">{carriers.note}</p> : null}
      </div>
    </section>
  );
}

export function Awards() {
  return (
    <section className="section" aria-labelledby="awards-heading">
      <div className="container stack">
        <h2 id="awards-heading">{awards.heading}</h2>
        <ul className="logo-row logo-row--awards">
          {awards.items.map((a) => (
            <li key={a.name}>
              <img src={a.image} alt={a.alt} width="120" height="120" loading="lazy" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function CityFaq({ city, state }: { city: string; state: string }) {
  const faq = fillContentTree(cityFaq, { city, state });
  return (
    <section className="section" aria-labelledby="faq-heading">
      <div className="container stack">
        <h2 id="faq-heading">{faq.heading}</h2>
        <div className="faq">
          {faq.items.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/** "We're open now. Call ..." or "We're closed. We open again ...", from the domain rule, with the phone number. */
export function CallCenterStatus({ phone = placesConstants.supportPhone }: { phone?: string }) {
  const status = useQuery(callCenterQuery());
  const zone = timingConstants.callCenterTimeZone;
  const shownPhone = formatPhone(phone);
  let text: string | undefined;
  if (status.data?.isOpen) text = message('ui.callCenter.open', { phone: shownPhone });
  else if (status.data?.nextOpening) {
    const at = status.data.nextOpening;
    text = message('ui.callCenter.closed', { nextOpening: `${formatDay(at, zone)}, ${formatTime(at, zone)} ${zoneLabel(zone, new Date(at))}` });
  }
  return (
    <section className="call-center card" aria-labelledby="call-center-heading">
      <h2 id="call-center-heading">{home.callCenter.heading}</h2>
      <p className="muted">{home.callCenter.text}</p>
      <p className={`call-center__status${status.data?.isOpen ? ' call-center__status--open' : ''}`} role="status">
        <span className="call-center__dot" aria-hidden="true" />
        {text ?? ''}
      </p>
      <a className="btn btn--primary" href={telHref(phone)}>
        {fillContent(home.callCenter.callLabel, { phone: shownPhone })}
      </a>
    </section>
  );
}
