/**
 * A provider's open times alone (render: fragment, /app/providers/times/{providerId}/{practiceId}):
 * what search's times dialog shows (src/client/islands/provider-search.ts), rendered on the server as
 * the profile draws its picker on a document page: the filters a GET form, earlier and later days
 * links, each time a link into booking, with the search's context (care, self-pay, partner code) and
 * view (slotMode, slotTime, slotRange, slotDay) from the address. A few KB instead of the whole
 * profile page, cached by the server (page cache, ETag) like a page. Without a script the search's
 * "View profile" leads to the same times on the profile.
 */
import { useParams } from 'react-router';
import copySpec from '@/generated/content/provider-profile';
import { PageLoadError } from '@/client/app/PageLoadError';
import type { RouteDataContext, RouteDataResult } from '@/client/runtime/ssr/route-data';
import { fetchProfile, useProfile } from './queries';
import { prefetchProviderTimes, ProviderTimes, type ProfileLookup } from './ProviderProfile';
import { errorTemplate, liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

const STATUS_GONE = 410;
const STATUS_NOT_FOUND = 404;

function lookupOf(params: Readonly<Record<string, string | undefined>>): ProfileLookup {
  return { providerId: params.providerId, practiceId: params.practiceId };
}

export async function loadData(context: RouteDataContext): Promise<RouteDataResult> {
  const result = await fetchProfile(context.api, context.queryClient, lookupOf(context.params));
  if (result.kind === 'found') {
    await prefetchProviderTimes(context, result.provider);
    return {};
  }
  return { status: result.kind === 'removed' ? STATUS_GONE : STATUS_NOT_FOUND };
}

export default function ProviderTimesFragment() {
  const { result } = useProfile(lookupOf(useParams()));
  if (result?.kind === 'found') return <ProviderTimes provider={result.provider} />;
  if (result?.kind === 'removed') return <p className="notice">{errorTemplate('PROVIDER_DELETED')}</p>;
  if (result?.kind === 'missing') return <p className="notice">{copy.notFoundText}</p>;
  return <PageLoadError />;
}
