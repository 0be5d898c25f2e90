/**
 * Moving a session (reschedule) and booking it again (rebook), both with a new time held first
 * from the same provider. Booking again runs the multiple-appointments check and, for self-pay,
 * says which card on file pays.
 */
import { useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useAppointmentsExistQuery, useRebookAppointmentMutation, useRescheduleAppointmentMutation } from '@/generated/client/hooks';
import * as placesConstants from '@/generated/constants/places';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatPhone } from '@/domain/phone';
import { useApiQueries } from '@/client/api/api-queries';
import { fullName, usePatients } from '../data';
import { SlotPickerDialog, type Hold } from './slot-picker';
import { providerName, sessionsChanged, whenOf, type Session } from './session-data';

interface DialogProps {
  session: Session;
  onClose: () => void;
  onDone: (text: string) => void;
}

export function RescheduleDialog({ session, onClose, onDone }: DialogProps) {
  const queryClient = useQueryClient();
  const reschedule = useRescheduleAppointmentMutation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  async function move(hold: Hold) {
    const moved = await reschedule.mutateAsync({
      params: { id: session.id },
      body: { holdId: hold.holdId, slotId: hold.slotId },
      callOptions: { idempotencyKey },
    });
    sessionsChanged(queryClient, moved);
    onDone(message('ui.patient.reschedule.done', { when: whenOf(moved) }));
  }
  return (
    <SlotPickerDialog
      session={session}
      title={message('ui.patient.reschedule.heading', { provider: providerName(session) })}
      confirmLabel={message('ui.patient.reschedule.confirm')}
      intro={<p className="muted">{message('ui.patient.reschedule.current', { when: whenOf(session) })}</p>}
      onConfirm={move}
      onClose={onClose}
    />
  );
}

/** The card a self-pay rebooking is charged to: the default card of the session's patient, else of the account holder. */
function usePayingCard(session: Session) {
  const queries = useApiQueries();
  const patients = usePatients();
  const selfId = patients.data?.find((p) => p.relationship === 'Self')?.id;
  const candidates = [...new Set([session.patients[0]?.id, selfId].filter((id): id is string => Boolean(id)))];
  const enabled = session.selfPay && patients.data !== undefined;
  return useQueries({
    queries: candidates.map((id) => ({ ...queries.listPatientCards({ params: { id } }), enabled })),
    combine: (lists) => {
      const pending = !enabled || lists.some((l) => l.isPending);
      const failed = lists.find((l) => l.isError);
      // The first candidate with a card, in order: the default card, else its first.
      const card = pending || failed ? undefined : (lists.map((l) => l.data!.items.find((c) => c.isDefault) ?? l.data!.items[0]).find(Boolean) ?? null);
      return { data: card, isPending: pending, isError: Boolean(failed), error: failed?.error ?? null };
    },
  });
}

export function RebookDialog({ session, onClose, onDone }: DialogProps) {
  const queryClient = useQueryClient();
  const rebook = useRebookAppointmentMutation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const patient = session.patients[0];
  const card = usePayingCard(session);

  // The multiple-appointments check: other booked sessions of this patient with this provider.
  const others = useAppointmentsExistQuery(
    { params: { providerId: session.provider.id, patientId: patient?.id ?? '' }, query: { appointmentId: session.id } },
    { enabled: Boolean(patient), select: (answer) => (typeof answer === 'boolean' ? answer : answer.appointmentsExist) },
  );

  async function book(hold: Hold) {
    const payment = session.selfPay && card.data ? { payment: { cardId: card.data.id } } : {};
    const booked = await rebook.mutateAsync({
      params: { id: session.id },
      body: { holdId: hold.holdId, slotId: hold.slotId, ...payment },
      callOptions: { idempotencyKey },
    });
    sessionsChanged(queryClient);
    onDone(message('ui.patient.rebook.done', { when: whenOf(booked) }));
  }

  const noCard = session.selfPay && card.data === null;
  const intro = (
    <>
      {others.data ? (
        <p className="notice notice--warning">
          {message('ui.patient.rebook.alreadyBooked', { patient: fullName(patient ?? {}), provider: providerName(session) })}
        </p>
      ) : null}
      {session.selfPay && card.data ? (
        <p className="notice">{message('ui.patient.rebook.selfPay', { price: formatCents(session.priceCents ?? 0), last4: card.data.last4 })}</p>
      ) : null}
      {noCard ? <p className="notice notice--warning">{message('ui.patient.rebook.noCard', { phone: formatPhone(placesConstants.supportPhone) })}</p> : null}
    </>
  );

  return (
    <SlotPickerDialog
      session={session}
      title={message('ui.patient.rebook.heading', { provider: providerName(session) })}
      confirmLabel={message('ui.patient.rebook.confirm')}
      intro={intro}
      onConfirm={book}
      onClose={onClose}
      canConfirm={!noCard && (!session.selfPay || card.data !== undefined)}
    />
  );
}
