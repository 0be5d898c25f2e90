/**
 * Staff cancel a session for the provider or the practice (issue 24): no fee, and the server gives
 * back everything paid for it at once (a void before settlement, a refund after). Asked once more
 * before it is done; one idempotency key per confirmation.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { constants } from '../../../generated/constants';
import { messages } from '../../../generated/messages';
import { useApi } from '../../api/api-context';
import { errorTextFor } from '../../api/errors';
import { Button } from '../../ui/Button';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts';
import { ErrorNotice } from '../../ui/ErrorNotice';

export function CancelForPractice({ appointmentId, userId }: { appointmentId: string; userId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const cancel = useMutation({
    mutationFn: () => api.cancelAppointment({ params: { id: appointmentId }, body: { reasonId: constants.practiceCancellationReasonId } }, { idempotencyKey: key }),
    onSuccess: () => {
      setAsking(false);
      // A toast, not a note in the row: the cancelled session leaves the list of sessions to come.
      dispatch(toastShown({ kind: 'success', text: messages['ui.support.practiceCancel.done'] }));
      void queryClient.invalidateQueries({ queryKey: ['support', 'sessions', userId] });
    },
  });
  if (cancel.isSuccess) return null;
  return (
    <div className="stack-sm">
      {asking ? (
        <div className="notice stack-sm" role="group" aria-label={messages['ui.support.practiceCancel.open']}>
          <p>{messages['ui.support.practiceCancel.text']}</p>
          <div className="cluster">
            <Button onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? messages['ui.support.practiceCancel.sending'] : messages['ui.support.practiceCancel.confirm']}
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>{messages['ui.support.practiceCancel.keep']}</Button>
          </div>
          <ErrorNotice text={cancel.error ? errorTextFor(cancel.error, 'support_web') : undefined} />
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAsking(true)}>{messages['ui.support.practiceCancel.open']}</Button>
        </div>
      )}
    </div>
  );
}
