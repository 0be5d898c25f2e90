/**
 * The booking flow spec (specs/flows/booking.yaml) as the screens use it: which steps a variant
 * takes (support staff: email, patient-information, pay; patients: patient-information, pay), the
 * route of each, and the booking query that travels from step to step.
 */
import bookingFlowSpec from '@/generated/flows/booking';
import { BOOKING_PLACE_PARAMS } from '@/domain/booking-start';
import { routeById, type RouteId } from '@/generated/routes';
import type { FlowStepDefinition } from '@/generated/flow-types';
import { neighbour, stepOrder, stepRouteId } from '@/client/runtime/flows/flow-spec';
import { liveDocument } from '@/domain/translations';

const bookingFlow = liveDocument('flows', bookingFlowSpec);

export const flow = bookingFlow;

export type BookingVariant = 'support' | 'patient';
export type BookingStepId = 'email' | 'patient-information' | 'pay';

/** Parameters the steps keep in the URL besides the spec'd booking query. */
export const CARRIED_PARAMS: readonly string[] = [...BOOKING_PLACE_PARAMS, ...(flow.query ?? []), ...(flow.start?.keepQuery ?? []).map((k) => k.name)];

export function stepsOf(variant: BookingVariant): FlowStepDefinition[] {
  return stepOrder(flow, variant);
}

export function stepById(id: BookingStepId): FlowStepDefinition {
  const step = flow.steps.find((s) => s.id === id);
  if (!step) throw new Error(`booking flow has no step ${id}`);
  return step;
}

/** The query the steps carry: the booking's parameters from the current URL, nothing else. */
export function carriedQuery(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of CARRIED_PARAMS) {
    const value = search.get(name);
    if (value !== null && value.trim() !== '') out.set(name, value);
  }
  return out;
}

export function stepPath(step: FlowStepDefinition, variant: BookingVariant, search: URLSearchParams): string {
  const id = stepRouteId(step, variant) as RouteId | undefined;
  if (!id) throw new Error(`booking step ${step.id} has no route for ${variant}`);
  const query = carriedQuery(search).toString();
  return `${routeById[id].path}${query ? `?${query}` : ''}`;
}

export function firstStepPath(variant: BookingVariant, search: URLSearchParams): string {
  return stepPath(stepsOf(variant)[0]!, variant, search);
}

export function nextStepPath(current: BookingStepId, variant: BookingVariant, search: URLSearchParams): string | undefined {
  const next = neighbour(stepsOf(variant), current, 1);
  return next ? stepPath(next, variant, search) : undefined;
}

export function previousStepPath(current: BookingStepId, variant: BookingVariant, search: URLSearchParams): string {
  const previous = neighbour(stepsOf(variant), current, -1);
  if (previous) return stepPath(previous, variant, search);
  const query = carriedQuery(search).toString();
  return `${routeById.booking.path}${query ? `?${query}` : ''}`;
}

/** A step's copy, with the variant's own wording where it has one. */
export function stepCopy(step: FlowStepDefinition, variant: BookingVariant, key: string): string | undefined {
  const byVariant = step.copyByVariant?.[variant]?.[key];
  const value = byVariant ?? step.copy?.[key];
  return typeof value === 'string' ? value : undefined;
}
