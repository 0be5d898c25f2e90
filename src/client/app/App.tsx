/** The whole client app, without the router (the browser and the server each bring their own). */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../store';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { Toasts } from './Toasts';

export function App({ store, router }: { store: AppStore; router: (children: ReactNode) => ReactNode }) {
  return (
    <Provider store={store}>
      <ErrorBoundary>
        {router(
          <Layout>
            <AppRoutes />
            <Toasts />
          </Layout>,
        )}
      </ErrorBoundary>
    </Provider>
  );
}
