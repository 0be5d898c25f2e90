/**
 * The pre-search questionnaire (product-spec §2), run by /app/search-questionnaire and the
 * advertisement questionnaire /app/welcome-questionnaire: pages select-service, select-age-group,
 * select-location and select-insurance, in the order of one of the four flows (src/domain/questionnaire.ts)
 * depending on what is already known (?service=, ?state= or ?location= in the address, or the
 * visitor's state kept in the questionnaire state). The page is in the address (?step=), so the
 * browser's back button works. It ends on provider search with the answers as filters.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import flowSpec from '@/generated/flows/search-questionnaire';
import frameSpec from '@/generated/content/questionnaire';
import type { ClientAgeGroup, QuestionnaireService } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { fillContent } from '@/domain/content-text';
import { parseProviderSearch, providerSearchParams, searchFromQuestionnaire, serviceAsksAgeGroup } from '@/domain/provider-search';
import { flowVariantOf, QUESTIONNAIRE_PAGES, questionnaireFlowType, questionnairePages } from '@/domain/questionnaire';
import { useApiQueries } from '@/client/api/api-queries';
import { useGetProviderFiltersQuery } from '@/generated/client/hooks';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { questionnaireAnswered, questionnairePageSet, selectQuestionnaire } from '@/client/store/questionnaire/slice';
import './questionnaire.css';
import { enumOptionsOf, errorTemplate, liveDocument } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const flow = liveDocument('flows', flowSpec);
const frame = liveDocument('content', frameSpec);

type Step = (typeof flow.steps)[number];
type Copy = Readonly<Record<string, string>>;
const STEP_PARAM = 'step';
const SELF_PAY = 'selfPay';
const INSURANCE = 'insurance';

const variantSteps = Object.fromEntries(Object.entries(flow.variants ?? {}).map(([name, v]) => [name, v?.steps ?? []]));

function stepOf(id: string): Step {
  return flow.steps.find((s) => s.id === id)!;
}

/** A step's copy, with the variant's own wording where the flow spec has one (the child-therapy location question, for one). */
function copyOf(step: Step, variant: string): Copy {
  const byVariant = (step as { copyByVariant?: Readonly<Record<string, Copy>> }).copyByVariant?.[variant];
  return { ...(step.copy as Copy), ...byVariant };
}

function ChoicePage({
  options,
  chosen,
  label,
  onChoose,
}: {
  options: readonly { value: string; label: string }[];
  chosen?: string;
  label: string;
  onChoose: (value: string) => void;
}) {
  return (
    <div className="q-choice-list" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" className="q-choice" aria-pressed={chosen === o.value} onClick={() => onChoose(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

function LocationPage({
  copy,
  initial,
  onFound,
}: {
  copy: Copy;
  initial?: string;
  onFound: (place: { state: string; latitude: number; longitude: number; location: string; label: string }) => void;
}) {
  const queries = useApiQueries();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(initial ?? '');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    setError(undefined);
    if (query.length < 2) {
      setError(errorTemplate('LOCATION_NOT_FOUND'));
      return;
    }
    setChecking(true);
    try {
      // Under the generated key: the search that follows may ask the same place and read it from the cache.
      const answer = await queryClient.fetchQuery(queries.geocode({ query: { query } }));
      if (answer.status === 'OK' && answer.result) {
        const r = answer.result;
        onFound({
          state: r.state,
          latitude: r.latitude,
          longitude: r.longitude,
          location: query,
          label: fillContent(frame.location.found, { city: r.city, state: r.state }),
        });
      } else {
        setError(errorTemplate('LOCATION_NOT_FOUND'));
      }
    } catch {
      setError(errorTemplate('LOCATION_NOT_FOUND'));
    } finally {
      setChecking(false);
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-location`}>
          {copy.fieldLabel}
        </label>
        <input
          id={`${id}-location`}
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="postal-code"
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <span id={`${id}-hint`} className="field__hint">
          {copy.hint}
        </span>
        <span id={`${id}-error`} className="field__error" role="alert">
          {error ?? ''}
        </span>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={checking}>
        {checking ? frame.location.checking : copy.button}
      </button>
    </form>
  );
}

function InsurancePage({
  step,
  copy,
  state,
  initial,
  onDone,
}: {
  step: Step;
  copy: Copy;
  state?: string;
  initial?: string;
  onDone: (carrier: string | undefined) => void;
}) {
  const id = useId();
  const [answer, setAnswer] = useState<string | undefined>(initial === undefined ? undefined : initial === SELF_PAY ? SELF_PAY : INSURANCE);
  const [carrier, setCarrier] = useState(initial && initial !== SELF_PAY ? initial : '');
  const [error, setError] = useState<string>();
  const carriers = useGetProviderFiltersQuery({ query: state ? { stateCode: state } : {} }, { staleTime: Infinity });
  const options = (carriers.data?.items ?? []).filter((f) => f.type === 'insurance_id').sort((a, b) => a.displayValue.localeCompare(b.displayValue));
  const choices = (step.choices ?? []) as readonly { value: string; label: string; description?: string }[];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!answer) return setError(frame.insurance.choiceRequired);
    if (answer === INSURANCE && !carrier) return setError(frame.insurance.carrierRequired);
    onDone(answer === INSURANCE ? carrier : undefined);
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <fieldset className="choice-fieldset" aria-describedby={`${id}-error`}>
        <legend className="visually-hidden">{copy.heading}</legend>
        {choices.map((c) => (
          <div key={c.value} className="radio-card">
            <input
              id={`${id}-${c.value}`}
              type="radio"
              name={`${id}-answer`}
              value={c.value}
              checked={answer === c.value}
              onChange={() => (setAnswer(c.value), setError(undefined))}
              aria-describedby={c.description ? `${id}-${c.value}-hint` : undefined}
            />
            <label htmlFor={`${id}-${c.value}`}>
              <span className="radio-card__label">{c.label}</span>
            </label>
            {c.description ? (
              <span id={`${id}-${c.value}-hint`} className="radio-card__hint">
                {c.description}
              </span>
            ) : null}
          </div>
        ))}
      </fieldset>
      {answer === INSURANCE ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-carrier`}>
            {copy.carrierLabel}
          </label>
          <select
            id={`${id}-carrier`}
            className="select"
            value={carrier}
            onChange={(e) => (setCarrier(e.target.value), setError(undefined))}
            aria-describedby={`${id}-error`}
          >
            <option value="">{frame.insurance.carrierPlaceholder}</option>
            {options.map((o) => (
              <option key={o.id} value={o.value}>
                {o.displayValue}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <span id={`${id}-error`} className="field__error" role="alert">
        {error ?? ''}
      </span>
      <button type="submit" className="btn btn--primary btn--block">
        {copy.button}
      </button>
    </form>
  );
}

export function Questionnaire({ kind }: { kind: 'search' | 'welcome' }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const answers = useAppSelector(selectQuestionnaire);
  const heading = useRef<HTMLHeadingElement>(null);

  // What is known when the visitor arrives: a service and a place in the address, or the place kept
  // in the questionnaire state from before. A place answered here keeps its page in the flow.
  const [entry] = useState(() => {
    const fromUrl = parseProviderSearch(params);
    return { service: fromUrl.service, state: fromUrl.state, location: fromUrl.location, locationKnown: Boolean(fromUrl.state ?? answers.state) };
  });
  const [serviceChosen, setServiceChosen] = useState(entry.service !== undefined);
  const askedService = entry.service === undefined;
  useEffect(() => {
    if (entry.service) dispatch(questionnaireAnswered({ selectedServiceType: entry.service }));
    if (entry.state) dispatch(questionnaireAnswered({ state: entry.state, location: entry.location }));
  }, [entry, dispatch]);

  const service = serviceChosen ? answers.selectedServiceType : undefined;
  const asksAgeGroup = serviceAsksAgeGroup(service);
  const knowledge = useMemo(
    () => ({ service, serviceChosen, locationKnown: entry.locationKnown, asksAgeGroup }),
    [service, serviceChosen, entry.locationKnown, asksAgeGroup],
  );
  const flowType = questionnaireFlowType(knowledge);
  const variant = flowVariantOf[flowType];
  const pages = useMemo(() => questionnairePages(variantSteps, knowledge, askedService), [knowledge, askedService]);

  const answered = (page: string): boolean => {
    if (page === QUESTIONNAIRE_PAGES.service) return serviceChosen;
    if (page === QUESTIONNAIRE_PAGES.ageGroup) return answers.clientAgeGroups.length > 0;
    if (page === QUESTIONNAIRE_PAGES.location) return Boolean(answers.state);
    return false;
  };
  const firstOpen = pages.findIndex((p) => !answered(p));
  const requested = pages.indexOf(params.get(STEP_PARAM) ?? '');
  const index = requested >= 0 && (firstOpen === -1 || requested <= firstOpen) ? requested : Math.max(0, firstOpen);
  const pageId = pages[index]!;
  const step = stepOf(pageId);
  const copy = copyOf(step, variant);

  useEffect(() => {
    dispatch(questionnaireAnswered({ questionnaireFlowType: flowType }));
    dispatch(questionnairePageSet({ index, pageCount: pages.length }));
  }, [flowType, index, pages.length, dispatch]);

  // A new page moves focus to its question, so screen readers read it and keyboard users start there.
  const shown = useRef(pageId);
  useEffect(() => {
    if (shown.current !== pageId) heading.current?.focus();
    shown.current = pageId;
  }, [pageId]);

  const goTo = (page: string) => {
    const next = new URLSearchParams(params);
    next.set(STEP_PARAM, page);
    void navigate(`?${next.toString()}`);
  };
  const advance = (nextPages: readonly string[] = pages) => {
    const next = nextPages[nextPages.indexOf(pageId) + 1];
    if (next) goTo(next);
  };
  const finish = (carrier: string | undefined) => {
    dispatch(questionnaireAnswered({ selectedInsurance: carrier ?? SELF_PAY }));
    const search = searchFromQuestionnaire({
      service,
      ageGroups: answers.clientAgeGroups,
      state: answers.state,
      location: answers.location,
      latitude: answers.latitude,
      longitude: answers.longitude,
      insuranceCarrier: carrier,
      selfPay: carrier === undefined,
    });
    void navigate(`${routeById.providerSearch.path}?${providerSearchParams(search).toString()}`);
  };

  const chooseService = (value: string) => {
    const chosen = value as QuestionnaireService;
    dispatch(questionnaireAnswered({ selectedServiceType: chosen, clientAgeGroups: serviceAsksAgeGroup(chosen) ? answers.clientAgeGroups : [] }));
    setServiceChosen(true);
    const k = { service: chosen, serviceChosen: true, locationKnown: knowledge.locationKnown, asksAgeGroup: serviceAsksAgeGroup(chosen) };
    advance(questionnairePages(variantSteps, k, askedService));
  };

  const previous = index > 0 ? pages[index - 1] : undefined;
  const eyebrow = kind === 'welcome' ? frame.welcome.eyebrow : frame.search.eyebrow;

  return (
    <div className="container questionnaire">
      <section className="questionnaire__card card stack" aria-labelledby="questionnaire-heading">
        <p className="questionnaire__eyebrow">{eyebrow}</p>
        {kind === 'welcome' && index === 0 ? <p className="muted">{frame.welcome.intro}</p> : null}
        <p className="questionnaire__progress small muted">
          {fillContent(frame.progress, { step: index + 1, steps: pages.length })}
          <span className="questionnaire__bar" aria-hidden="true">
            <span style={{ width: `${((index + 1) / pages.length) * 100}%` }} />
          </span>
        </p>
        <h1 id="questionnaire-heading" ref={heading} tabIndex={-1}>
          {copy.heading}
        </h1>
        {copy.note ? <p>{copy.note}</p> : null}

        {pageId === QUESTIONNAIRE_PAGES.service ? (
          <ChoicePage options={enumOptionsOf(careEnums.questionnaireService)} chosen={service} label={copy.heading!} onChoose={chooseService} />
        ) : pageId === QUESTIONNAIRE_PAGES.ageGroup ? (
          <ChoicePage
            options={enumOptionsOf(careEnums.clientAgeGroup)}
            chosen={answers.clientAgeGroups[0]}
            label={copy.heading!}
            onChoose={(value) => {
              dispatch(questionnaireAnswered({ clientAgeGroups: [value as ClientAgeGroup] }));
              advance();
            }}
          />
        ) : pageId === QUESTIONNAIRE_PAGES.location ? (
          <LocationPage
            copy={copy}
            initial={answers.location}
            onFound={(place) => {
              dispatch(questionnaireAnswered({ state: place.state, latitude: place.latitude, longitude: place.longitude, location: place.location }));
              advance();
            }}
          />
        ) : (
          <InsurancePage step={step} copy={copy} state={answers.state} initial={answers.selectedInsurance} onDone={finish} />
        )}

        {previous ? (
          <button type="button" className="btn btn--ghost questionnaire__back" onClick={() => goTo(previous)}>
            {frame.back}
          </button>
        ) : null}
      </section>
    </div>
  );
}
