/**
 * A person at the keyboard and mouse in component tests. user-event waits for a timer between
 * keystrokes by default; on a busy machine each wait is slow, and a form typed into character by
 * character then takes seconds. Without the timer React still renders every keystroke.
 */
import userEvent, { type UserEvent } from '@testing-library/user-event';

export function aPerson(): UserEvent {
  return userEvent.setup({ delay: null });
}
