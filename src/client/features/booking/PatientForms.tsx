/**
 * The patient-information step's forms, each drawn only when it is wanted: a new patient (when the account has no one
 * yet, or the person adds someone) and the responsible party (when a minor attends). Loaded apart from the step
 * (PatientInformationPage.tsx, which fetches them while the browser is idle): a returning person's first taps (who
 * attends, the consent) need neither, and their code (the spec form renderer, about 6 KB brotli, and the two form
 * specs) is not on the way to those taps.
 */
import patientForm from '@/generated/forms/booking-patient-information';
import responsiblePartyForm from '@/generated/forms/responsible-party';
import type { FormDefinition } from '@/generated/types';
import type { ResponsibleParty } from '@/generated/entities';
import { SpecForm, type SpecFormProps } from '@/client/runtime/forms/SpecForm';
import type { BookingPatient } from '@/client/store/types';

type FormProps<T> = Omit<SpecFormProps<T>, 'form' | 'idPrefix'>;

/** Who attends, when they are new (specs/forms/booking-patient-information.yaml). */
export function NewPatientForm(props: FormProps<BookingPatient>) {
  return <SpecForm<BookingPatient> form={patientForm as FormDefinition} idPrefix="patient" {...props} />;
}

/** The adult responsible for a minor's booking (specs/forms/responsible-party.yaml). */
export function ResponsiblePartyForm(props: FormProps<ResponsibleParty>) {
  return <SpecForm<ResponsibleParty> form={responsiblePartyForm as FormDefinition} idPrefix="responsibleParty" {...props} />;
}
