/**
 * Runs a flow spec as pages with back and next: the current step is in the URL (?step=), so the
 * browser's own back button works too. A step opens only when its guard holds; entering it
 * dispatches its enter hook, answering it dispatches its submit hook with the answers (sagas
 * listen). A step with a route is shown on that route; a step with a form shows it through
 * SpecForm; a step with choices offers them.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { enumsNamedInSpecs, type EnumNamedInSpecs } from '@/generated/enums/named-in-specs';
import { routeById, type RouteId } from '@/generated/routes';
import type { FormDefinition } from '@/generated/types';
import { PageSkeleton } from '@/client/ui/Skeleton';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import type { RootState } from '@/client/store';
import { SpecForm } from '../forms/SpecForm';
import { flowGuards, type FlowGuard } from './guards';
import type { FlowDefinition, FlowStepDefinition } from '@/generated/flow-types';
import { neighbour, openSteps, stepOrder, stepRouteId } from './flow-spec';
import { enumOptionsOf } from '@/domain/translations';
import { message } from '@/domain/messages';

export interface FlowRunnerProps {
  flow: FlowDefinition;
  variant?: string;
  /** how a step's form is loaded (default: the generated form loaders) */
  loadForm?: (id: string) => Promise<FormDefinition>;
  /** guards besides the runtime's own */
  guards?: Readonly<Record<string, FlowGuard>>;
  onComplete?: () => void;
  /** the query parameter that names the step */
  stepParam?: string;
  backLabel?: string;
}

async function generatedForm(id: string): Promise<FormDefinition> {
  const { formLoaders } = await import('@/generated/forms');
  const load = (formLoaders as Readonly<Record<string, () => Promise<FormDefinition>>>)[id];
  if (!load) throw new Error(`form "${id}" is not in specs/forms`);
  return load();
}

function copyText(step: FlowStepDefinition, key: string): string | undefined {
  const value = step.copy?.[key];
  return typeof value === 'string' ? value : undefined;
}

function choicesOf(step: FlowStepDefinition): { value: string; label: string }[] {
  if (!step.choices) return [];
  if (Array.isArray(step.choices)) return [...step.choices];
  const { enum: name, only } = step.choices as { enum: string; only?: readonly string[] };
  const options = (name in enumsNamedInSpecs ? enumOptionsOf(enumsNamedInSpecs[name as EnumNamedInSpecs]) : []) as readonly { value: string; label: string }[];
  return options.filter((o) => !only || only.includes(o.value));
}

function StepForm({
  formId,
  loadForm,
  submitLabel,
  onSubmit,
}: {
  formId: string;
  loadForm: (id: string) => Promise<FormDefinition>;
  submitLabel?: string;
  onSubmit: (answers: object) => void;
}) {
  const [form, setForm] = useState<{ id: string; definition: FormDefinition }>();
  useEffect(() => {
    let active = true;
    void loadForm(formId).then((definition) => {
      if (active) setForm({ id: formId, definition });
    });
    return () => {
      active = false;
    };
  }, [formId, loadForm]);
  if (form?.id !== formId) return <PageSkeleton />;
  return <SpecForm form={form.definition} submitLabel={submitLabel} onSubmit={onSubmit} />;
}

export function FlowRunner({
  flow,
  variant,
  loadForm = generatedForm,
  guards,
  onComplete,
  stepParam = 'step',
  backLabel = message('ui.common.back'),
}: FlowRunnerProps): ReactNode {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const allGuards = useMemo(() => ({ ...flowGuards, ...guards }), [guards]);
  const passed = useAppSelector((state: RootState) =>
    stepOrder(flow, variant)
      .map((s) => (!s.guard || (allGuards[s.guard]?.(state) ?? false) ? '1' : '0'))
      .join(''),
  );
  const steps = useMemo(() => {
    const ordered = stepOrder(flow, variant);
    return openSteps(ordered, (name) => passed[ordered.findIndex((s) => s.guard === name)] === '1');
  }, [flow, variant, passed]);
  const requested = params.get(stepParam) ?? undefined;
  const current = steps.find((s) => s.id === requested) ?? steps[0];

  const goTo = (step: FlowStepDefinition) => {
    const routeId = stepRouteId(step, variant) as RouteId | undefined;
    const path = routeId && routeById[routeId] ? routeById[routeId].path : location.pathname;
    const search = new URLSearchParams(params);
    search.set(stepParam, step.id);
    void navigate(`${path}?${search.toString()}`);
  };

  useEffect(() => {
    if (current?.hooks?.enter) dispatch({ type: current.hooks.enter, payload: { flowId: flow.id, stepId: current.id } });
  }, [current?.id, current?.hooks?.enter, flow.id, dispatch]);

  if (!current) return null;
  const previous = neighbour(steps, current.id, -1);
  const next = neighbour(steps, current.id, 1);
  const advance = (answers: object) => {
    if (current.hooks?.submit) dispatch({ type: current.hooks.submit, payload: { flowId: flow.id, stepId: current.id, answers } });
    if (next) goTo(next);
    else onComplete?.();
  };
  const choices = choicesOf(current);
  const heading = copyText(current, 'heading') ?? current.title;
  const note = copyText(current, 'note');
  const button = copyText(current, 'button');

  return (
    <section className="stack" aria-labelledby={`${flow.id}-${current.id}`}>
      <p className="muted">
        {steps.indexOf(current) + 1} / {steps.length}
      </p>
      <h1 id={`${flow.id}-${current.id}`}>{heading}</h1>
      {note ? <p>{note}</p> : null}
      {current.form ? (
        <StepForm formId={current.form} loadForm={loadForm} submitLabel={button} onSubmit={advance} />
      ) : choices.length ? (
        <div className="stack" role="group" aria-label={heading}>
          {choices.map((c) => (
            <button key={c.value} type="button" className="btn btn--secondary btn--block" onClick={() => advance({ [current.id]: c.value })}>
              {c.label}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => advance({})}>
          {button ?? 'Continue'}
        </button>
      )}
      {previous ? (
        <button type="button" className="btn btn--ghost" onClick={() => goTo(previous)}>
          {backLabel}
        </button>
      ) : null}
    </section>
  );
}
