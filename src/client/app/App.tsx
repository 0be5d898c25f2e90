/** The whole client app, without the router (the browser and the server each bring their own). */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Flags } from '../runtime/flags/Flags';
import { RouterBridge } from '../runtime/navigation/RouterBridge';
import type { AppStore } from '../store';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { Toasts } from './Toasts';

export interface AppProps {
  store: AppStore;
  router: (children: ReactNode) => ReactNode;
  /** the browser runs flags and navigation bridges; the server renderer does not */
  browser?: boolean;
}

export function App({ store, router, browser = false }: AppProps) {
  return (
    <Provider store={store}>
      <ErrorBoundary>
        {router(
          <>
            {browser ? <RouterBridge /> : null}
            {browser ? <Flags /> : null}
            <Layout>
              <AppRoutes />
              <Toasts />
            </Layout>
          </>,
        )}
      </ErrorBoundary>
    </Provider>
  );
}
