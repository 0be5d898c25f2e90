/**
 * The header's account menu: "Sign in" for visitors; for a signed-in person their first name,
 * opening the areas their roles lead to and "Sign out" (a disclosure, so it works with keyboard and
 * screen readers: Escape or a click elsewhere closes it, and a route change does too).
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { postLoginPath, type PostLoginRoutes } from '@/domain/roles';
import { routeTitle } from '@/domain/translations';
import { destinationPaths, placesFor, type Place } from '../runtime/navigation/places';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { logoutRequested, selectAuth } from '../store/auth/slice';
import type { DerivedPermissions } from '@/domain/permissions';
import { useDocumentMode } from '../runtime/ssr/document-mode';
import { pageHref } from './page-href';
import { ACCOUNT_LABEL_ATTRIBUTE, DESTINATIONS_ATTRIBUTE, islandAttribute } from '../islands/names';
import { accountInitial } from '../islands/account-face';
import './account-menu.css';

/** The person's own destination first (when it is served), then the other areas their roles open. */
export function accountPlaces(permissions: DerivedPermissions): Place[] {
  const places = placesFor(permissions);
  const [home = ''] = postLoginPath(permissions, destinationPaths).split('?');
  const first = places.find((p) => p.path === home || home.startsWith(`${p.path}/`));
  return first ? [first, ...places.filter((p) => p !== first)] : places;
}

const noSubscription = () => () => undefined;

/** Where each kind of signed-in person goes, in the page's language (plain links the account island writes in). */
function localizedDestinations(): PostLoginRoutes {
  const kinds = Object.keys(destinationPaths) as (keyof PostLoginRoutes)[];
  return Object.fromEntries(kinds.map((kind) => [kind, pageHref(destinationPaths[kind])])) as PostLoginRoutes;
}

export function AccountMenu() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const { pathname } = useLocation();
  // Open on the page where it was opened: a route change closes it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // A document page (never hydrated, one rendering for everyone) offers the sign-in page; the account
  // island (src/client/islands/account.ts) turns it into the way to a signed-in person's own area.
  const documentMode = useDocumentMode();
  const [openOn, setOpenOn] = useState<string | undefined>(undefined);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : undefined);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(undefined);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // Until the stored session is read (and while a server-rendered page hydrates, which knows no
  // session), hold the place so the header does not jump and hydration matches the server's HTML.
  if (documentMode)
    return (
      <Link
        className="btn btn--ghost account-menu__signin"
        to={routeById.login.path}
        {...islandAttribute('account')}
        {...{ [DESTINATIONS_ATTRIBUTE]: JSON.stringify(localizedDestinations()), [ACCOUNT_LABEL_ATTRIBUTE]: message('ui.account.menuLabel') }}
      >
        {message('ui.account.signIn')}
      </Link>
    );
  if (auth.status === 'loading' || !hydrated) return <span className="account-menu account-menu--pending" aria-hidden="true" />;
  if (auth.status === 'anonymous') {
    if (pathname === routeById.login.path) return <span className="account-menu account-menu--pending" aria-hidden="true" />;
    return (
      <Link className="btn btn--ghost account-menu__signin" to={routeById.login.path}>
        {message('ui.account.signIn')}
      </Link>
    );
  }

  const places = accountPlaces(auth.permissions);
  const name = auth.user?.firstName || message('ui.account.menuLabel');
  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn--ghost account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {/* The face a document page's account link shows too (islands/account-face.ts). */}
        <span className="account-menu__avatar" data-initial={accountInitial(name)} aria-hidden="true" />
        <span className="account-menu__name">
          <span className="visually-hidden">{message('ui.account.menuLabel')}: </span>
          {message('ui.account.menuButton', { name })}
        </span>
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        {auth.user?.email ? <p className="account-menu__who small muted">{message('ui.account.signedInAs', { email: auth.user.email })}</p> : null}
        {places.length ? (
          <ul className="account-menu__links">
            {places.map((p) => (
              <li key={p.id}>
                <Link to={p.path}>{routeTitle(p.id)}</Link>
              </li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="btn btn--secondary btn--block" onClick={() => dispatch(logoutRequested())}>
          {message('ui.account.signOut')}
        </button>
      </div>
    </div>
  );
}
