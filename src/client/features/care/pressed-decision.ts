/**
 * A decision form with two buttons (accept or decline a referral, approve or decline a request): the spec form's own
 * submit button says yes, a second submit button beside it (value="decline") says no. Both submit the same form, so the
 * fields are checked either way; the screen notes which was pressed as the click goes down to it, before the form
 * submits.
 */
export function pressedDecision<Yes extends string>(target: EventTarget, yes: Yes, no: 'decline'): Yes | 'decline' {
  const button = target instanceof Element ? target.closest('button') : null;
  return button?.type === 'submit' && button.value === no ? no : yes;
}
