import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import * as placesConstants from '@/generated/constants/places';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import type { RouteDefinition } from '@/generated/types';
import { formatPhone } from '@/domain/phone';
import { createAppStore } from '../store';
import { authenticated, credentialsCleared } from '../store/auth/slice';
import { flagsServed, flagsSettled } from '../store/flags/slice';
import { derivePermissions } from '@/domain/permissions';
import { loginPath } from '../runtime/navigation/places';
import { PageLoadError } from './PageLoadError';
import { RouteGuard } from './RouteGuard';

const route = (access: RouteDefinition['access'], flag?: string): RouteDefinition => ({
  id: 'x',
  path: '/app/x',
  area: 'test',
  title: 'X',
  access,
  flag,
  render: 'client',
  registered: true,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderGuarded(r: RouteDefinition, store = createAppStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/app/x?a=1']}>
        <Routes>
          <Route
            path="/app/x"
            element={
              <RouteGuard route={r}>
                <p>the screen</p>
              </RouteGuard>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('RouteGuard', () => {
  it('opens a public route at once', () => {
    renderGuarded(route(['anyone']));
    expect(screen.getByText('the screen')).toBeTruthy();
  });

  it('holds a private route while auth loads, then sends a visitor to sign in and back', async () => {
    const store = createAppStore();
    renderGuarded(route(['patient']), store);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('the screen')).toBeNull();
    act(() => {
      store.dispatch(credentialsCleared());
    });
    const where = await screen.findByTestId('where');
    expect(where.textContent).toBe(`${loginPath}?${new URLSearchParams({ redirectTo: '/app/x?a=1' }).toString()}`);
  });

  it('shows the screen to its role and not-found to others', async () => {
    const store = createAppStore();
    store.dispatch(authenticated({ permissions: derivePermissions(['patient']) }));
    renderGuarded(route(['support']), store);
    expect((await screen.findByTestId('where')).textContent).toBe(routeById.notFound.path);
  });

  it('waits for a gating flag, opens the route when it is on and not under control', async () => {
    const store = createAppStore();
    store.dispatch(authenticated({ permissions: derivePermissions(['clinicians']) }));
    renderGuarded(route(['clinician'], 'referrals'), store);
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => {
      store.dispatch(flagsServed({ traffic: 'user', variants: { referrals: { name: 'on', enabled: true } } }));
    });
    expect(await screen.findByText('the screen')).toBeTruthy();
  });

  it('keeps a flag-gated route closed when the flag service never became ready (control)', async () => {
    const store = createAppStore();
    store.dispatch(authenticated({ permissions: derivePermissions(['clinicians']) }));
    store.dispatch(flagsSettled({ traffic: 'user', ready: false }));
    renderGuarded(route(['clinician'], 'referrals'), store);
    expect((await screen.findByTestId('where')).textContent).toBe(routeById.notFound.path);
  });

  it('sends people to the route the spec names when the gating flag is off', async () => {
    const store = createAppStore();
    store.dispatch(flagsServed({ traffic: 'anonymous', variants: { bookings: { name: 'off', enabled: true } } }));
    renderGuarded({ ...route(['anyone'], 'bookings'), flagOffRoute: 'underMaintenance' }, store);
    expect((await screen.findByTestId('where')).textContent).toBe(routeById.underMaintenance.path);
  });
});

describe('PageLoadError', () => {
  it('shows the catalogue sentence with the phone number to call', () => {
    render(<PageLoadError />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(errorCatalogue.PAGE_LOAD.message.replace('{phone}', formatPhone(placesConstants.supportPhone)));
    expect(screen.getByRole('link', { name: formatPhone(placesConstants.supportPhone) }).getAttribute('href')).toMatch(/^tel:/);
  });
});
