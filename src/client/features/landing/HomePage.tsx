/** Home (/): hero with the provider search entry, how it works, call to action. Rendered on the server. */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import home from '../../../generated/content/home';
import { enums } from '../../../generated/enums';
import { ButtonLink } from '../../ui/Button';
import './home.css';

function SearchEntry() {
  const navigate = useNavigate();
  const id = useId();
  const [service, setService] = useState<string>(enums.questionnaireService.values[0]);
  const [location, setLocation] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = new URLSearchParams({ service });
    if (location.trim()) query.set('location', location.trim());
    void navigate(`/app/providers?${query.toString()}`);
  }

  return (
    <form className="search-entry card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="search-entry__title">
        {home.hero.searchLabel}
      </h2>
      <div className="search-entry__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-service`}>
            {home.hero.serviceLabel}
          </label>
          <select id={`${id}-service`} className="select" value={service} onChange={(e) => setService(e.target.value)}>
            {enums.questionnaireService.options.map((o) => (
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
            className="input"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            autoComplete="postal-code"
            aria-describedby={`${id}-location-hint`}
          />
          <span id={`${id}-location-hint`} className="field__hint">
            {home.hero.locationHint}
          </span>
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
        <div className="container">
          <h2 id="how-heading">{home.howItWorks.heading}</h2>
          <ol className="steps grid">
            {home.howItWorks.steps.map((step, i) => (
              <li key={step.title} className="card steps__item">
                <span className="steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p className="muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-heading">
        <div className="container cta__inner">
          <h2 id="cta-heading">{home.callToAction.heading}</h2>
          <p>{home.callToAction.text}</p>
          <ButtonLink to="/app/providers">{home.callToAction.button}</ButtonLink>
        </div>
      </section>
    </>
  );
}
