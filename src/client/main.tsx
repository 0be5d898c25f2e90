/** Browser entry: hydrates server-rendered pages, renders the others. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routes } from '../generated/routes';
import { matchRoute } from '../domain/route-match';
import { App } from './app/App';
import { preloadScreen } from './app/AppRoutes';
import { createAppStore, type RootState } from './store';
import './ui/tokens.css';
import './ui/base.css';

declare global {
  interface Window {
    __INITIAL_STATE__?: Partial<RootState>;
  }
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const store = createAppStore(window.__INITIAL_STATE__);
  const app = (
    <StrictMode>
      <App store={store} router={(children) => <BrowserRouter>{children}</BrowserRouter>} />
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
