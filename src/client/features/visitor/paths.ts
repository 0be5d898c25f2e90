/** Addresses of the visitor's pages, from the route table. */
import { generatePath } from 'react-router';
import { routeById } from '@/generated/routes';
import { providerProfilePath } from '@/domain/landing-urls';
import type { Provider } from './queries';

const PROFILE_BASE = routeById.providerProfile.path.split('/:')[0]!;

export const profilePathOf = (p: Pick<Provider, 'id' | 'firstName' | 'lastName' | 'practice'>) => providerProfilePath(p, PROFILE_BASE);
export const searchPath = routeById.providerSearch.path;
/** A provider's open times alone (a fragment search's times dialog loads). */
export const providerTimesPathOf = (p: Pick<Provider, 'id' | 'practice'>) =>
  generatePath(routeById.providerTimes.path, { providerId: p.id, practiceId: p.practice.id });
