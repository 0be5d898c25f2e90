/** Provider profile (/app/providers/us/{state}/{city}/{providerName}/{providerId}/{practiceId}), rendered on the server with its data. */
import { useParams } from 'react-router';
import type { RouteDataContext } from '@/client/runtime/ssr/route-data';
import { loadProfile, ProviderProfile, type ProfileLookup } from './ProviderProfile';

function lookupOf(params: Readonly<Record<string, string | undefined>>): ProfileLookup {
  return { providerId: params.providerId, practiceId: params.practiceId };
}

export function loadData(context: RouteDataContext) {
  return loadProfile(context, lookupOf(context.params));
}

export default function ProviderProfilePage() {
  const params = useParams();
  return <ProviderProfile lookup={lookupOf(params)} />;
}
