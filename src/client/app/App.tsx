/** The whole client app, without the router (the browser and the server each bring their own). */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Flags } from '../runtime/flags/Flags';
import { RouterBridge } from '../runtime/navigation/RouterBridge';
import type { AppStore, RootState } from '../store';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { Toasts } from './Toasts';

export interface AppProps {
  store: AppStore;
  router: (children: ReactNode) => ReactNode;
  /** the browser runs flags and navigation bridges; the server renderer does not */
  browser?: boolean;
  /**
   * The state a server-drawn page was drawn with: hydration reads it, not the store, so an answer that lands first
   * (the session of a person just signed in on the sign-in page) draws after hydration instead of breaking it.
   */
  serverState?: RootState;
}

export function App({ store, router, browser = false, serverState }: AppProps) {
  return (
    <Provider store={store} serverState={serverState}>
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
