/**
 * A screen's heading takes the focus when it appears (a new booking step, a confirmation that
 * replaced its form, the next stage of a page: give that heading a `key` per stage), so keyboard and
 * screen-reader users go on from its top instead of from <body> (WCAG 2.4.3): the button that led
 * here went away with the screen before. Focus that something else asked for (an autofocused field,
 * an open dialog) is kept. Used as the heading's ref, with tabIndex={-1}.
 */
export function focusOnArrival(heading: HTMLElement | null): void {
  if (!heading) return;
  const focused = document.activeElement;
  const nowhere = !focused || focused === document.body || focused.id === 'main';
  if (nowhere) heading.focus({ preventScroll: true });
}
