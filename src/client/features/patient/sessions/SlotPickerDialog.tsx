/**
 * Choosing a new time with the same provider (reschedule, book again): the provider's open times
 * for the session's mode and practice, by day in the patient's time zone. Choosing a time holds it
 * at once (POST /appointments/holds) so nobody else takes it while the patient confirms; changing
 * the choice or closing releases the hold.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { constants } from '../../../../generated/constants';
import type { Slot } from '../../../../generated/entities';
import { messages } from '../../../../generated/messages';
import { message } from '../../../../domain/messages';
import { formatPhone } from '../../../../domain/phone';
import { formatSessionClock, formatSessionDay, formatSessionTime } from '../../../../domain/sessions';
import { useApi } from '../../../api/api-context';
import { errorTextFor } from '../../../api/errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ListSkeleton } from '../states';
import { providerName, zoneOf, type Session } from './session-data';

export interface Hold {
  holdId: string;
  slotId: string;
  start: string;
  expiresAt: string;
}

const DAYS_SHOWN = 4;

function byDay(slots: readonly Slot[], zone: string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = formatSessionDay(slot.start, zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
}

export interface SlotPickerDialogProps {
  session: Session;
  title: string;
  confirmLabel: string;
  /** above the times: the current time, notes about payment or other bookings */
  intro?: ReactNode;
  /** what confirming does with the hold; a thrown error is shown in the dialog */
  onConfirm: (hold: Hold) => Promise<void>;
  onClose: () => void;
  /** false while something must be settled first (e.g. no card for a self-pay session) */
  canConfirm?: boolean;
}

export function SlotPickerDialog({ session, title, confirmLabel, intro, onConfirm, onClose, canConfirm = true }: SlotPickerDialogProps) {
  const api = useApi();
  const zone = zoneOf(session);
  const idBase = useId();
  const [hold, setHold] = useState<Hold>();
  const [choosing, setChoosing] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [daysShown, setDaysShown] = useState(DAYS_SHOWN);
  const heldRef = useRef<Hold | undefined>(undefined);
  const confirmedRef = useRef(false);

  const slots = useQuery({
    queryKey: ['portal', 'slots', session.provider.id, session.practice.id, session.appointmentMode, session.counselingType],
    queryFn: async () => {
      const answer = await api.getProviderAvailability({
        params: { id: session.provider.id },
        query: { availabilityType: [session.appointmentMode], counselingType: session.counselingType },
      });
      return answer.slots.filter((s) => s.practiceId === session.practice.id && s.id !== session.slotId);
    },
    staleTime: 0,
  });

  const release = (h: Hold | undefined) => {
    if (h) void api.releaseSlotHold({ params: { id: h.holdId } }).catch(() => undefined);
  };

  // Closing without confirming gives the held time back.
  useEffect(
    () => () => {
      if (!confirmedRef.current) release(heldRef.current);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on unmount
    [],
  );

  async function choose(slot: Slot) {
    if (hold?.slotId === slot.id) return;
    setProblem(undefined);
    setChoosing(slot.id);
    const previous = hold;
    setHold(undefined);
    heldRef.current = undefined;
    release(previous);
    try {
      const held = await api.holdSlot({ body: { slotId: slot.id, providerId: session.provider.id } });
      const next = { holdId: held.holdId, slotId: held.slotId, start: held.start, expiresAt: held.expiresAt };
      heldRef.current = next;
      setHold(next);
    } catch (error) {
      setProblem(errorTextFor(error, 'patient_web'));
      void slots.refetch();
    } finally {
      setChoosing(undefined);
    }
  }

  const confirm = useMutation({
    mutationFn: async () => {
      if (!hold) throw new Error('no hold');
      // The hold is the confirmation's from here on: the dialog may close before the answer is read,
      // and releasing it then would free (or 404 on) a time the confirmation has just used.
      confirmedRef.current = true;
      await onConfirm(hold);
    },
    onError: (error) => {
      confirmedRef.current = false;
      setProblem(errorTextFor(error, 'patient_web'));
    },
  });

  const days = slots.data ? byDay(slots.data, zone) : [];

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {messages['ui.patient.close']}
          </Button>
          {canConfirm && days.length ? (
            <Button
              onClick={() => (hold ? confirm.mutate() : setProblem(messages['ui.patient.slots.choose']))}
              disabled={confirm.isPending || Boolean(choosing)}
              aria-busy={confirm.isPending || undefined}
            >
              {confirmLabel}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="stack">
        {intro}
        {slots.error ? (
          <p className="notice notice--error" role="alert">
            {errorTextFor(slots.error, 'patient_web', 'PAGE_LOAD')}
          </p>
        ) : !slots.data ? (
          <div>
            <span className="visually-hidden">{messages['ui.patient.slots.loading']}</span>
            <ListSkeleton rows={3} height="2.75rem" />
          </div>
        ) : !days.length ? (
          <p className="notice">{message('ui.patient.slots.none', { provider: providerName(session), phone: formatPhone(constants.supportPhone) })}</p>
        ) : (
          <fieldset className="choices slot-days">
            <legend>{messages['ui.patient.slots.legend']}</legend>
            {days.slice(0, daysShown).map(([day, daySlots], dayIndex) => (
              <div key={day} className="slot-day" role="group" aria-labelledby={`${idBase}-${dayIndex}`}>
                <p className="slot-day__name" id={`${idBase}-${dayIndex}`}>
                  {day}
                </p>
                <div className="slot-day__times">
                  {daySlots.map((slot) => (
                    <label key={slot.id} className="choice choice--time">
                      <input
                        type="radio"
                        name="new-time"
                        value={slot.id}
                        checked={(hold?.slotId ?? choosing) === slot.id}
                        onChange={() => void choose(slot)}
                      />
                      <span>{formatSessionClock(slot.start, zone)}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
            {days.length > daysShown ? (
              <Button variant="ghost" onClick={() => setDaysShown((n) => n + DAYS_SHOWN)}>
                {messages['ui.patient.slots.more']}
              </Button>
            ) : null}
          </fieldset>
        )}
        <div aria-live="polite">
          {choosing ? <p className="muted small">{messages['ui.patient.slots.holding']}</p> : null}
          {hold ? (
            <p className="notice notice--success">{message('ui.patient.slots.held', { when: formatSessionTime(hold.start, zone), minutes: constants.slotHoldMinutes })}</p>
          ) : null}
        </div>
        <div aria-live="assertive">
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
