/**
 * Support moves a caller's session to another time of the same provider and practice (the shared
 * time picker holds the new time first). The server checks again that it may still be moved; the
 * Idempotency-Key makes a retried confirmation answer the first result. The patient gets the
 * reschedule e-mail, which the session's story lists.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, queryRoot, useRescheduleAppointmentMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { SlotPickerDialog } from '@/client/ui/SlotPickerDialog';
import { fullName } from '@/client/ui/format';
import { type SessionStory } from './data';

export function RescheduleSessionDialog({
  session,
  zone,
  onClose,
  onDone,
}: {
  session: SessionStory['appointment'];
  zone: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const move = useRescheduleAppointmentMutation();
  const provider = [fullName(session.provider), session.provider.title].filter(Boolean).join(', ');
  return (
    <SlotPickerDialog
      session={session}
      zone={zone}
      audience="support_web"
      title={message('ui.support.reschedule.heading', { provider })}
      confirmLabel={message('ui.support.reschedule.confirm')}
      intro={<p className="muted">{message('ui.support.reschedule.current', { when: formatSessionTime(session.start, zone) })}</p>}
      copy={{
        close: message('ui.support.reschedule.close'),
        legend: message('ui.support.reschedule.legend'),
        loading: message('ui.support.reschedule.loading'),
        none: message('ui.support.reschedule.none', { provider }),
        held: (p) => message('ui.support.reschedule.held', p),
        holding: message('ui.support.reschedule.holding'),
        choose: message('ui.support.reschedule.choose'),
        more: message('ui.support.reschedule.more'),
      }}
      onConfirm={async (hold) => {
        const moved = await move.mutateAsync({
          params: { id: session.id },
          body: { holdId: hold.holdId, slotId: hold.slotId },
          callOptions: { idempotencyKey },
        });
        await queryClient.invalidateQueries({ queryKey: queryKeys.getSupportSession({ params: { id: session.id } }) });
        void queryClient.invalidateQueries({ queryKey: queryRoot('listAppointments') });
        onDone(message('ui.support.reschedule.done', { when: formatSessionTime(moved.start, zone) }));
      }}
      onClose={onClose}
    />
  );
}
