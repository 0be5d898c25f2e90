import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/generated/client/hooks';
import { createAppStore } from '@/client/store';
import { authenticated, signedOut } from '@/client/store/auth/slice';
import { derivePermissions } from '@/domain/permissions';
import { QueryFrame } from './QueryFrame';

function Probe({ onClient }: { onClient: (client: QueryClient) => void }) {
  const client = useQueryClient();
  useEffect(() => {
    onClient(client);
  }, [client, onClient]);
  return null;
}

const person = (id: string) =>
  authenticated({
    user: { id, firstName: 'Jordan', lastName: 'Rivera', email: `${id}@example.com`, userType: 'patient' },
    permissions: derivePermissions(['patient']),
  });

describe('QueryFrame', () => {
  it('forgets what was read for the person who signed out, and keeps it while they stay', () => {
    const store = createAppStore();
    store.dispatch(person('u1'));
    let client: QueryClient | undefined;
    render(
      <Provider store={store}>
        <QueryFrame>
          <Probe
            onClient={(c) => {
              client = c;
            }}
          />
        </QueryFrame>
      </Provider>,
    );
    const sessions = queryKeys.listAppointments({});
    client!.setQueryData(sessions, { items: ['Tuesday 10:00 with Dr. Lee'] });
    act(() => void store.dispatch(person('u1')));
    expect(client!.getQueryData(sessions)).toEqual({ items: ['Tuesday 10:00 with Dr. Lee'] });
    act(() => void store.dispatch(signedOut()));
    expect(client!.getQueryData(sessions)).toBeUndefined();
  });
});
