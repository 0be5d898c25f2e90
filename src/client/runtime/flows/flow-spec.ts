/**
 * A flow spec (specs/flows/*.yaml, meta-schema specs/schema/flow.schema.json) and the pure rules
 * of running one: the order of steps for a variant, which steps are open (their guard passes),
 * where a step is shown, and which step comes before or after another.
 */
export interface FlowStep {
  id: string;
  title: string;
  /** route id, or one route id per variant */
  route?: string | Readonly<Record<string, string>>;
  form?: string;
  guard?: string;
  hooks?: { enter?: string; submit?: string };
  copy?: Readonly<Record<string, unknown>>;
  choices?: { enum: string; only?: readonly string[] } | readonly { value: string; label: string }[];
}

export interface FlowSpec {
  id: string;
  description: string;
  defaultVariant?: string;
  variants?: Readonly<Record<string, { description?: string; steps: readonly string[]; when?: Readonly<Record<string, unknown>> }>>;
  steps: readonly FlowStep[];
}

export function stepOrder(flow: FlowSpec, variant = flow.defaultVariant): FlowStep[] {
  const ids = (variant && flow.variants?.[variant]?.steps) || flow.steps.map((s) => s.id);
  return ids.map((id) => {
    const step = flow.steps.find((s) => s.id === id);
    if (!step) throw new Error(`Flow ${flow.id}: variant ${variant ?? '(default)'} names unknown step "${id}"`);
    return step;
  });
}

/** The variant whose `when` matches the answers given so far (e.g. { service: child }). */
export function variantFor(flow: FlowSpec, answers: Readonly<Record<string, unknown>>): string | undefined {
  const match = Object.entries(flow.variants ?? {}).find(([, v]) => v.when && Object.entries(v.when).every(([k, want]) => answers[k] === want));
  return match?.[0] ?? flow.defaultVariant;
}

export type GuardCheck = (name: string) => boolean;

export function openSteps(steps: readonly FlowStep[], passes: GuardCheck): FlowStep[] {
  return steps.filter((s) => !s.guard || passes(s.guard));
}

export function stepRouteId(step: FlowStep, variant: string | undefined): string | undefined {
  if (typeof step.route === 'string') return step.route;
  return variant ? step.route?.[variant] : undefined;
}

export function neighbour(steps: readonly FlowStep[], currentId: string | undefined, direction: 1 | -1): FlowStep | undefined {
  const index = steps.findIndex((s) => s.id === currentId);
  if (index === -1) return direction === 1 ? steps[0] : undefined;
  return steps[index + direction];
}
