/**
 * The pure rules of running a flow spec (specs/flows/*.yaml, typed by the generated FlowDefinition): the order of steps for a variant, which steps are open (their guard passes),
 * where a step is shown, and which step comes before or after another.
 */
import type { FlowDefinition, FlowStepDefinition } from '@/generated/flow-types';

export function stepOrder(flow: FlowDefinition, variant = flow.defaultVariant): FlowStepDefinition[] {
  const ids = (variant && flow.variants?.[variant]?.steps) || flow.steps.map((s) => s.id);
  return ids.map((id) => {
    const step = flow.steps.find((s) => s.id === id);
    if (!step) throw new Error(`Flow ${flow.id}: variant ${variant ?? '(default)'} names unknown step "${id}"`);
    return step;
  });
}

/** The variant whose `when` matches the answers given so far (e.g. { service: child }). */
export function variantFor(flow: FlowDefinition, answers: Readonly<Record<string, unknown>>): string | undefined {
  const match = Object.entries(flow.variants ?? {}).find(([, v]) => v?.when && Object.entries(v.when).every(([k, want]) => answers[k] === want));
  return match?.[0] ?? flow.defaultVariant;
}

export type GuardCheck = (name: string) => boolean;

export function openSteps(steps: readonly FlowStepDefinition[], passes: GuardCheck): FlowStepDefinition[] {
  return steps.filter((s) => !s.guard || passes(s.guard));
}

export function stepRouteId(step: FlowStepDefinition, variant: string | undefined): string | undefined {
  if (typeof step.route === 'string') return step.route;
  return variant ? step.route?.[variant] : undefined;
}

export function neighbour(steps: readonly FlowStepDefinition[], currentId: string | undefined, direction: 1 | -1): FlowStepDefinition | undefined {
  const index = steps.findIndex((s) => s.id === currentId);
  if (index === -1) return direction === 1 ? steps[0] : undefined;
  return steps[index + direction];
}
