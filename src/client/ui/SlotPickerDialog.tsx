/**
 * Choosing a new time with the same provider (reschedule, book again), for a patient in the portal
 * or for staff on a caller's behalf: the provider's open times for the session's mode and practice,
 * by day in the patient's time zone. Choosing a time holds it at once (POST /appointments/holds) so
 * nobody else takes it while the person confirms; changing the choice or closing releases the hold.
 * The words come from the caller (patient or support copy in specs/messages).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoot, useGetProviderAvailabilityQuery, useHoldSlotMutation, useReleaseSlotHoldMutation } from '@/generated/client/hooks';
import * as bookingConstants from '@/generated/constants/booking';
import type { EndpointTypes, Slot } from '@/generated/entities';
import { errorTextFor } from '@/client/api/errors';
import type { AppSource } from '@/generated/types';
import type { AppointmentMode, CounselingType } from '@/generated/enums';
import { formatDay, formatSessionTime, formatTime, zoneLabel } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { ErrorNotice } from './ErrorNotice';
import { Skeleton } from './Skeleton';

/** The hold the picker made (POST /appointments/holds). */
export type Hold = Pick<EndpointTypes['holdSlot']['response'], 'holdId' | 'slotId' | 'start' | 'expiresAt'>;

const DAYS_SHOWN = 4;

function byDay(slots: readonly Slot[], zone: string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = formatDay(slot.start, zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
}

/** What the picker needs of the session being moved or booked again. */
export interface SlotPickerSession {
  slotId?: string | null;
  appointmentMode: AppointmentMode;
  counselingType: CounselingType;
  provider: { id: string };
  practice: { id: string };
}

export interface SlotPickerCopy {
  close: string;
  legend: string;
  loading: string;
  /** no open times: what to do instead */
  none: string;
  held: (p: { when: string; minutes: number }) => string;
  holding: string;
  choose: string;
  more: string;
}

export interface SlotPickerDialogProps {
  session: SlotPickerSession;
  /** the patient's time zone: times are shown in it */
  zone: string;
  copy: SlotPickerCopy;
  /** whose words a refusal is told in */
  audience: AppSource;
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

export function SlotPickerDialog({ session, zone, copy, audience, title, confirmLabel, intro, onConfirm, onClose, canConfirm = true }: SlotPickerDialogProps) {
  const queryClient = useQueryClient();
  const holdSlot = useHoldSlotMutation();
  // mutate is stable across renders, so the unmount cleanup below may call it.
  const { mutate: releaseHold } = useReleaseSlotHoldMutation();
  const idBase = useId();
  const [hold, setHold] = useState<Hold>();
  const [choosing, setChoosing] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [daysShown, setDaysShown] = useState(DAYS_SHOWN);
  const heldRef = useRef<Hold | undefined>(undefined);
  const confirmedRef = useRef(false);

  const slots = useGetProviderAvailabilityQuery(
    { params: { id: session.provider.id }, query: { availabilityType: [session.appointmentMode], counselingType: session.counselingType } },
    { select: (answer) => answer.slots.filter((s) => s.practiceId === session.practice.id && s.id !== session.slotId), staleTime: 0 },
  );

  const release = (h: Hold | undefined) => {
    // A release that fails leaves the hold to expire on its own: nothing to tell the person.
    if (h) releaseHold({ params: { id: h.holdId } });
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
      const held = await holdSlot.mutateAsync({ body: { slotId: slot.id, providerId: session.provider.id } });
      const next = { holdId: held.holdId, slotId: held.slotId, start: held.start, expiresAt: held.expiresAt };
      heldRef.current = next;
      setHold(next);
    } catch (error) {
      setProblem(errorTextFor(error, audience));
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
    // The confirmed time is no longer open: cached open times would offer it again in the next picker
    // while they refresh (a time shown as open, then refused as just booked), so they are dropped and
    // the next picker waits for fresh ones.
    onSuccess: () => queryClient.resetQueries({ queryKey: queryRoot('getProviderAvailability') }),
    onError: (error) => {
      confirmedRef.current = false;
      setProblem(errorTextFor(error, audience));
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
            {copy.close}
          </Button>
          {canConfirm && days.length ? (
            <Button
              onClick={() => (hold ? confirm.mutate() : setProblem(copy.choose))}
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
            {errorTextFor(slots.error, audience, 'PAGE_LOAD')}
          </p>
        ) : !slots.data ? (
          <div>
            <span className="visually-hidden">{copy.loading}</span>
            <div className="stack-sm" role="status" aria-busy="true">
              <Skeleton height="2.75rem" />
              <Skeleton height="2.75rem" />
              <Skeleton height="2.75rem" />
            </div>
          </div>
        ) : !days.length ? (
          <p className="notice">{copy.none}</p>
        ) : (
          <fieldset className="choices slot-days">
            <legend>{copy.legend}</legend>
            <p className="small muted">{message('ui.timeZone.timesIn', { zone: zoneLabel(zone, new Date(days[0]![1][0]!.start)) })}</p>
            {days.slice(0, daysShown).map(([day, daySlots], dayIndex) => (
              <div key={day} className="slot-day" role="group" aria-labelledby={`${idBase}-${dayIndex}`}>
                <p className="slot-day__name" id={`${idBase}-${dayIndex}`}>
                  {day}
                </p>
                <div className="slot-day__times">
                  {daySlots.map((slot) => (
                    <label key={slot.id} className="choice choice--time">
                      <input type="radio" name="new-time" value={slot.id} checked={(hold?.slotId ?? choosing) === slot.id} onChange={() => void choose(slot)} />
                      <span>{formatTime(slot.start, zone)}</span>
                      {/* Each time is named with its zone for screen readers, as the line above says it to the eye. */}
                      <span className="visually-hidden"> {zoneLabel(zone, new Date(slot.start))}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
            {days.length > daysShown ? (
              <Button variant="ghost" onClick={() => setDaysShown((n) => n + DAYS_SHOWN)}>
                {copy.more}
              </Button>
            ) : null}
          </fieldset>
        )}
        <div aria-live="polite">
          {choosing ? <p className="muted small">{copy.holding}</p> : null}
          {hold ? (
            <p className="notice notice--success">{copy.held({ when: formatSessionTime(hold.start, zone), minutes: bookingConstants.slotHoldMinutes })}</p>
          ) : null}
        </div>
        <ErrorNotice text={problem} inline />
      </div>
    </Dialog>
  );
}
