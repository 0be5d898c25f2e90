/**
 * The flag clients (loaded after the page, never with it): an anonymous client keyed by the
 * visitor id, and, for a signed-in user, a user client keyed by the lower-cased user key. Each is
 * an Unleash frontend-API client (unleash-proxy-client through @unleash/proxy-client-react)
 * talking to the API's flag endpoint; what they serve is published to the store.
 */
import { useEffect, useMemo } from 'react';
import { FlagProvider, InMemoryStorageProvider, UnleashClient, useFlags, useFlagsStatus, useUnleashClient } from '@unleash/proxy-client-react';
import * as runtimeConstants from '@/generated/constants/runtime';
import { endpointRoutes } from '@/generated/client/api';
import { useAppDispatch } from '@/client/store/hooks';
import { flagsServed, flagsSettled } from '@/client/store/flags/slice';
import { quietFetch } from './quiet-fetch';
import { waitUntilReady, type ServedVariant, type Traffic } from './treatment';

function Publisher({ traffic }: { traffic: Traffic }) {
  const dispatch = useAppDispatch();
  const client = useUnleashClient();
  const toggles = useFlags();
  const { flagsReady } = useFlagsStatus();

  useEffect(() => {
    let active = true;
    void waitUntilReady(() => client.isReady()).then((ready) => {
      if (active) dispatch(flagsSettled({ traffic, ready }));
    });
    return () => {
      active = false;
    };
  }, [client, traffic, dispatch]);

  useEffect(() => {
    if (!flagsReady) return;
    const variants: Record<string, ServedVariant> = {};
    for (const t of toggles) if (t.enabled) variants[t.name] = { name: t.variant.name, enabled: t.variant.enabled };
    dispatch(flagsServed({ traffic, variants }));
  }, [toggles, flagsReady, traffic, dispatch]);

  return null;
}

function TrafficClient({ traffic, userId }: { traffic: Traffic; userId: string }) {
  const client = useMemo(
    () =>
      new UnleashClient({
        url: new URL(`/api${endpointRoutes.getFrontendFlags.path}`, window.location.origin).toString(),
        clientKey: runtimeConstants.flagAppName,
        appName: runtimeConstants.flagAppName,
        context: { userId },
        disableMetrics: true,
        storageProvider: new InMemoryStorageProvider(),
        fetch: quietFetch(() => undefined),
      }),
    [userId],
  );
  return (
    <FlagProvider unleashClient={client} startClient stopClient>
      <Publisher traffic={traffic} />
    </FlagProvider>
  );
}

export default function FlagClients({ visitorId, userKey }: { visitorId: string; userKey?: string }) {
  return (
    <>
      <TrafficClient traffic="anonymous" userId={visitorId} />
      {userKey ? <TrafficClient key={userKey} traffic="user" userId={userKey} /> : null}
    </>
  );
}
