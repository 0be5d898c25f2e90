/** Browser entry: the store with its sagas and persistence, then hydrates server-rendered pages or renders the others. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routes } from '../generated/routes';
import { matchRoute } from '../domain/route-match';
import { appSourceFrom } from '../domain/app-source';
import { App } from './app/App';
import { preloadScreen } from './app/AppRoutes';
import { createAppStore, type AppStore, type RootState } from './store';
import { authInitialized, sessionExpired } from './store/auth/slice';
import { browserStorage } from './store/persistence';
import { browserTransport, createBrowserServices } from './api/services';
import { isBookingPath } from './runtime/navigation/booking-paths';
import './ui/tokens.css';
import './ui/base.css';

declare global {
  interface Window {
    __INITIAL_STATE__?: Partial<RootState>;
  }
}

/** Staff pages (support area) speak to the API as support_web; everything else as patient_web. */
function appSource() {
  return appSourceFrom(window.location.pathname.startsWith('/app/support') ? 'support_web' : 'patient_web');
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const source = appSource();
  // The transport is made before the store it reports expired sessions to.
  const onUnauthorized = { report: () => undefined as unknown };
  const transport = browserTransport(source, () => onUnauthorized.report());
  const store: AppStore = createAppStore(window.__INITIAL_STATE__, { services: createBrowserServices(source, transport), storage: browserStorage(), isBookingPath });
  onUnauthorized.report = () => store.dispatch(sessionExpired({ returnTo: `${window.location.pathname}${window.location.search}` }));
  store.dispatch(authInitialized());
  const app = (
    <StrictMode>
      <App store={store} browser router={(children) => <BrowserRouter>{children}</BrowserRouter>} />
    </StrictMode>
  );
  if (container.firstElementChild) {
    const match = matchRoute(routes.filter((r) => r.registered), window.location.pathname);
    await preloadScreen(match?.route.id);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
