/**
 * The crisis screen of a questionnaire (check-ins, intake), one rule: shown once, the moment an answer says a
 * person may be in crisis, and as it shows the care team is told (POST /patients/{id}/crisis-alerts) so its words
 * "We have let your care team know" are true. The questionnaire's key goes with the answers too: the server raises
 * the alerts once per key, whichever call comes first, and again on sending if the first call never arrived.
 */
import { useState } from 'react';
import { useRaisePatientCrisisAlertMutation } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';

export type CrisisScreenCause = EndpointTypes['raisePatientCrisisAlert']['body']['cause'];

export function useCrisisScreen(patientId: string) {
  const [state, setState] = useState<'not yet' | 'showing' | 'seen'>('not yet');
  const [crisisKey] = useState(() => crypto.randomUUID());
  const raise = useRaisePatientCrisisAlertMutation();
  return {
    showing: state === 'showing',
    crisisKey,
    show(cause: CrisisScreenCause) {
      if (state !== 'not yet') return;
      setState('showing'); // its heading takes focus, which brings it into view
      raise.mutate({ params: { id: patientId }, body: { cause, crisisKey } });
    },
    seen: () => setState('seen'),
  };
}
