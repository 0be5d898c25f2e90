/**
 * Starts the flag clients once the page is shown. The app starts from the server's decisions the page
 * came with (ready at once); the clients' answers replace them as they come. Without a decision, every
 * treatment is control until the clients are ready; if their code or the flag service cannot be
 * reached, what was last decided stays (control when nothing was), silently.
 * The root element carries the anonymous clients' state (data-flags: waiting, ready or fallback).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthStatus, selectUser } from '@/client/store/auth/slice';
import { flagsSettled, selectFlagStatus, userFlagsReset } from '@/client/store/flags/slice';
import { flagUserKey } from './treatment';

type ClientsProps = { visitorId: string; userKey?: string };
type Loaded = { Clients: ComponentType<ClientsProps>; visitor: string };

export function Flags() {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<Loaded>();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const anonymousStatus = useAppSelector(selectFlagStatus('anonymous'));
  const userKey = status === 'authenticated' && user ? flagUserKey(user.email) : undefined;

  useEffect(() => {
    // The visitor's id (and the cookie library that keeps it) comes with the clients that use it, after the page.
    Promise.all([import('./FlagClients'), import('./visitor')]).then(
      ([m, { visitorId }]) => setLoaded({ Clients: m.default, visitor: visitorId() }),
      () => {
        dispatch(flagsSettled({ traffic: 'anonymous', ready: false }));
        dispatch(flagsSettled({ traffic: 'user', ready: false }));
      },
    );
  }, [dispatch]);

  // Once who is signed in is known: another person's flags are asked for again (the page's, or the sign-in's, stay theirs).
  useEffect(() => {
    if (status !== 'loading') dispatch(userFlagsReset(userKey));
  }, [status, userKey, dispatch]);

  useEffect(() => {
    document.documentElement.dataset.flags = anonymousStatus;
  }, [anonymousStatus]);

  return loaded ? <loaded.Clients visitorId={loaded.visitor} userKey={userKey} /> : null;
}
