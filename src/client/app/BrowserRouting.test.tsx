import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router';
import { BrowserRouting } from './BrowserRouting';

/** Like the header's account menu: outside the routes, it reads the address. */
function AddressShown() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

function Dashboard() {
  return (
    <section aria-label="Find an account">
      <label>
        Email
        <input type="email" />
      </label>
      <Link to="/check">Check insurance</Link>
    </section>
  );
}

describe('BrowserRouting', () => {
  beforeEach(() => window.history.replaceState(null, '', '/dashboard'));

  it('takes the page being left away at once while the next screen’s code loads, so nothing is typed into it', async () => {
    // The next screen is lazily loaded, as every app screen is (AppRoutes): its code arrives when the test says.
    let arrive: (screen: { default: ComponentType }) => void = () => undefined;
    const CheckInsurance = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    render(
      <BrowserRouting>
        <AddressShown />
        <Suspense fallback={<p role="status">Loading</p>}>
          <Routes>
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/check" element={<CheckInsurance />} />
          </Routes>
        </Suspense>
      </BrowserRouting>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Check insurance' }));

    // The address and the page agree: the dashboard's form is gone, the next screen's place is held.
    expect(screen.getByTestId('address').textContent).toBe('/check');
    expect(screen.queryByRole('region', { name: 'Find an account' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading');

    await act(async () => arrive({ default: () => <h1>Check insurance</h1> }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check insurance' })).toBeTruthy();
  });
});
