/** The shared time picker (src/client/ui/SlotPickerDialog) in the portal's words, for the patient's own session. */
import * as placesConstants from '@/generated/constants/places';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { SlotPickerDialog as Picker, type Hold, type SlotPickerDialogProps } from '@/client/ui/SlotPickerDialog';
import { providerName, zoneOf, type Session } from './session-data';

export type { Hold };

export function SlotPickerDialog(props: Omit<SlotPickerDialogProps, 'session' | 'zone' | 'copy' | 'audience'> & { session: Session }) {
  const { session } = props;
  return (
    <Picker
      {...props}
      zone={zoneOf(session)}
      audience="patient_web"
      copy={{
        close: message('ui.patient.close'),
        legend: message('ui.patient.slots.legend'),
        loading: message('ui.patient.slots.loading'),
        none: message('ui.patient.slots.none', { provider: providerName(session), phone: formatPhone(placesConstants.supportPhone) }),
        held: (p) => message('ui.patient.slots.held', p),
        holding: message('ui.patient.slots.holding'),
        choose: message('ui.patient.slots.choose'),
        more: message('ui.patient.slots.more'),
      }}
    />
  );
}
