/** Friendly profile (/{provider|psychiatrist|therapist}/{state}/{slug}, product-spec §2), rendered on the server with its data. */
import { useLocation } from 'react-router';
import { parseFriendlyProfilePath } from '@/domain/landing-urls';
import type { RouteDataContext } from '@/client/runtime/ssr/route-data';
import { loadProfile, ProviderProfile, type ProfileLookup } from './ProviderProfile';

function lookupOf(pathname: string): ProfileLookup {
  const address = parseFriendlyProfilePath(pathname);
  return address ? { type: address.type, state: address.state, slug: address.slug } : { slug: '-' };
}

export function loadData(context: RouteDataContext) {
  return loadProfile(context, lookupOf(new URL(context.url, context.origin).pathname));
}

export default function FriendlyProfilePage() {
  const { pathname } = useLocation();
  return <ProviderProfile lookup={lookupOf(pathname)} />;
}
