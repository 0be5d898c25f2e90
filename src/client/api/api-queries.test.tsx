import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { httpError, renderScreen } from '@tests/support/screen-kit';
import { createQueryClient } from './query-client';
import { useFetchNow } from './api-queries';

/** Asks whether an e-mail has an account on each click, and shows the answer or the failure. */
function CheckEmail() {
  const fetchNow = useFetchNow();
  const [said, setSaid] = useState('');
  const check = () =>
    fetchNow((q) => q.userExists({ query: { email: 'jordan@example.com' } })).then(
      (answer) => setSaid(answer.exists ? 'has an account' : 'no account'),
      () => setSaid('failed'),
    );
  return (
    <>
      <button onClick={() => void check()}>Check</button>
      <p>{said}</p>
    </>
  );
}

describe('reads made on a click (useFetchNow)', () => {
  it("asks the server on every click, under the endpoint's generated input, even where the app's cache keeps answers fresh", async () => {
    let exists = false;
    const { calls } = renderScreen(<CheckEmail />, {
      path: '/',
      queryClient: createQueryClient(),
      answers: { userExists: () => ({ exists }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('no account')).toBeTruthy();
    exists = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('has an account')).toBeTruthy();
    expect(calls.filter((c) => c.id === 'userExists').map((c) => c.input)).toEqual([
      { query: { email: 'jordan@example.com' } },
      { query: { email: 'jordan@example.com' } },
    ]);
  });

  it('asks once: a server failure is the answer of that click, not retried', async () => {
    const { calls } = renderScreen(<CheckEmail />, {
      path: '/',
      queryClient: createQueryClient(),
      answers: {
        userExists: () => {
          throw httpError('userExists', 503);
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(calls.filter((c) => c.id === 'userExists')).toHaveLength(1);
  });
});
