/**
 * Browser entry: the store, its sagas and persistence fetched beside the screen (not in the first script), then
 * hydrates server-rendered pages or renders the others.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { routes } from '../generated/routes';
import { matchRoute } from '../domain/route-match';
import { App } from './app/App';
import { BrowserRouting } from './app/BrowserRouting';
import { preloadScreen } from './app/AppRoutes';
import { configureAppStore, rootReducer, type AppStore, type RootState } from './store/root';
import { sagasLater } from './store/sagas-later';
import { authInitialized, selectAudience, sessionExpired } from './store/auth/slice';
import { flagsFromPage } from './store/flags/slice';
import type { PageFlags } from '../domain/flags';
import { browserTransport } from './api/browser-transport';
import { registerBrowserTransport } from './api/api-context';
import { isBookingPath } from './runtime/navigation/booking-paths';
import { PAGE_DATA_IDS, takePageData } from './runtime/ssr/page-data';
import { localeDefinition, localeOfPath, setLocaleSource } from '../domain/locale';
import { loadTranslation } from '../generated/translations';
import { loadRouteMessages } from './runtime/navigation/route-messages';
import './ui/tokens.css';
import './ui/base.css';

/** The sagas and the services they call: fetched while the page's copy is, and mounted on the store when they are there. */
const loadSagas = () => Promise.all([import('./store/sagas'), import('./api/services')]);

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  loadSagas().catch(() => undefined); // the store's own load says what failed, and tries again
  // The page's language is its path's (/es/…), set before anything renders: every message, date and amount
  // is written in it (as the server wrote the page), and the router works below its prefix, so the app's
  // links and navigation stay in the language.
  const { locale, path } = localeOfPath(window.location.pathname);
  setLocaleSource(() => locale);
  // The page's language's copy, and no other's, and the messages its screen shows in it (the server preloads both
  // with the page: plugins/client.ts).
  const match = matchRoute(
    routes.filter((r) => r.registered),
    path,
  );
  await Promise.all([loadTranslation(locale), loadRouteMessages(match?.route.id ?? 'notFound')]);
  document.documentElement.lang = locale;
  const basename = localeDefinition(locale).pathPrefix || undefined;
  // The transport is made before the store it reads the audience from and reports expired sessions to.
  const late: { store?: AppStore } = {};
  const transport = browserTransport(
    () => selectAudience(late.store!.getState()),
    () => late.store?.dispatch(sessionExpired({ returnTo: `${localeOfPath(window.location.pathname).path}${window.location.search}` })),
  );
  // The server's flag decisions for this visitor come with the page: the app starts from them, not from control.
  const pageFlags = takePageData<PageFlags>(PAGE_DATA_IDS.flags);
  const store = configureAppStore(
    { ...takePageData<Partial<RootState>>(PAGE_DATA_IDS.state), flags: flagsFromPage(pageFlags) },
    {
      restores: true,
      middleware: [
        sagasLater(() =>
          loadSagas().then(([{ storeSagas }, { createBrowserServices }]) => storeSagas({ services: createBrowserServices(transport), isBookingPath })),
        ),
      ],
    },
  );
  late.store = store;
  // Persistence's code arrives beside the screen's, not before it: until it is attached, the store says the
  // persisted slices are not restored yet (store/restoring.ts), and a screen that reads them waits.
  void import('./store/persistence').then(
    ({ attachPersistence, browserStorage }) => attachPersistence(store, browserStorage()),
    // Its code did not arrive: this page neither restores nor keeps anything, and no screen waits for it.
    () => store.replaceReducer(rootReducer),
  );
  registerBrowserTransport(transport);
  // What a server-drawn page was drawn with (the server's state and the page's flags): hydration matches it, whatever arrives meanwhile.
  const drawnState = container.firstElementChild ? store.getState() : undefined;
  store.dispatch(authInitialized());
  const app = (generation = 0) => (
    <StrictMode key={generation}>
      <App store={store} serverState={drawnState} browser router={(children) => <BrowserRouting basename={basename}>{children}</BrowserRouting>} />
    </StrictMode>
  );
  let root: Root;
  if (container.firstElementChild) {
    await preloadScreen(match?.route.id);
    root = hydrateRoot(container, app());
  } else {
    root = createRoot(container);
    root.render(app());
  }
  // npm run dev: a regenerated message table is swapped into the running page (vite.config.ts, liveSpecMessages);
  // drawing the tree again shows it, without reloading the page. The store keeps its state.
  if (import.meta.hot) {
    let generation = 0;
    window.addEventListener('specs:messages', () => root.render(app((generation += 1))));
  }
}

void start();
