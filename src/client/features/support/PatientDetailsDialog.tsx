/**
 * Support changes a patient's details for the caller (PUT /support/patients/{id}). While the
 * supportDemographicsEdit flag is on for the agent, names, date of birth, gender, phone and e-mail;
 * otherwise only the phone number (the server refuses identity changes without the flag, too).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, queryRoot, useGetSupportPatientQuery, useUpdateSupportPatientMutation } from '@/generated/client/hooks';
import contactForm from '@/generated/forms/support-patient-contact';
import demographicsForm from '@/generated/forms/support-patient-demographics';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { digitsOf } from '@/domain/phone';
import type { FieldError } from '@/domain/validation/field-errors';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Dialog } from '@/client/ui/Dialog';
import { fullName } from '@/client/ui/format';
import { Loaded } from './Loaded';

interface Details {
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  gender?: string;
  phoneNumber?: string;
  email?: string;
}

/** The form's answers as the endpoint takes them: empty answers left out, the phone as digits. */
function changeOf(values: Details): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && v.trim() !== '') out[k] = k === 'phoneNumber' ? digitsOf(v) : v.trim();
  return out;
}

export function PatientDetailsDialog({
  patient,
  onClose,
  onSaved,
}: {
  patient: { id: string; firstName: string; lastName: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const identity = useFlagOn('supportDemographicsEdit');
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [problem, setProblem] = useState<string>();
  const current = useGetSupportPatientQuery({ params: { id: patient.id } }, { staleTime: 0 });

  const save = useUpdateSupportPatientMutation({
    onMutate: () => {
      setServerErrors([]);
      setProblem(undefined);
    },
    onSuccess: async (changed) => {
      queryClient.setQueryData(queryKeys.getSupportPatient({ params: { id: patient.id } }), changed);
      await queryClient.invalidateQueries({ queryKey: queryRoot('getSupportSession') });
      onSaved();
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length) setServerErrors(error.fieldErrors);
      setProblem(errorTextFor(error, 'support_web'));
    },
  });

  return (
    <Dialog open title={message('ui.support.details.edit', { name: fullName(patient) })} onClose={onClose} closeLabel={message('ui.support.details.close')}>
      <div className="stack">
        {identity ? null : <p className="notice">{message('ui.support.details.identityOff')}</p>}
        <Loaded query={current} rows={4}>
          {({ patient: p }) => (
            <SpecForm<Details>
              idPrefix="patient-details"
              form={(identity ? demographicsForm : contactForm) as FormDefinition}
              initialData={
                identity
                  ? {
                      firstName: p.firstName,
                      lastName: p.lastName,
                      dateOfBirth: p.dateOfBirth ?? undefined,
                      gender: p.gender ?? undefined,
                      phoneNumber: p.phoneNumber ?? undefined,
                      email: p.email ?? undefined,
                    }
                  : { phoneNumber: p.phoneNumber ?? undefined }
              }
              serverErrors={serverErrors}
              submitting={save.isPending}
              onSubmit={(values) => save.mutate({ params: { id: patient.id }, body: changeOf(values) as never })}
            />
          )}
        </Loaded>
        <div aria-live="assertive">
          {problem ? (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
