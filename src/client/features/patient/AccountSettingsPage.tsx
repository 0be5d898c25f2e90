/**
 * Account settings: the holder's names, e-mail, phone and address, validated with the rules of
 * product-spec §5 (specs/forms/account-settings.yaml); the API checks the same schemas and its
 * field errors show on their fields. A new e-mail is not taken at once: the API mails a code to it
 * and answers with pendingEmail; the holder enters that code here (confirm-email-change form), and
 * only then signs in with the new address.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useConfirmEmailChangeMutation, useUpdateUserMutation } from '@/generated/client/hooks';
import accountSettingsForm from '@/generated/forms/account-settings';
import confirmEmailChangeForm from '@/generated/forms/confirm-email-change';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { digitsOf, formatPhone } from '@/domain/phone';
import type { FieldError } from '@/domain/validation/field-errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { authenticated, selectAuth } from '@/client/store/auth/slice';
import { ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { useAccount, type AccountDetails } from './data';
import { ListSkeleton, Loaded } from './states';
import { ReminderSettings } from './ReminderSettings';
import { PaymentAddressSettings } from './PaymentAddressSettings';
import { LanguageSettings } from './LanguageSettings';
import { TimeZoneSettings } from './TimeZoneSettings';

interface AccountSettings {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: NonNullable<AccountDetails['address']>;
}

function initialSettings(a: AccountDetails): Partial<AccountSettings> {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    ...(a.phoneNumber ? { phoneNumber: formatPhone(a.phoneNumber) } : {}),
    ...(a.address ? { address: a.address } : {}),
  };
}

export default function AccountSettingsPage() {
  const account = useAccount();
  const queryClient = useQueryClient();
  const auth = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; text: string } | undefined>();

  /** The account as the API now has it; the signed-in user follows its names and sign-in e-mail. */
  const accountChanged = (changed: AccountDetails) => {
    queryClient.setQueryData(queryKeys.getUserDetails({ params: { id: changed.id } }), changed);
    void queryClient.invalidateQueries({ queryKey: queryKeys.getUserPatients({ query: { userId: changed.id } }) });
    if (auth.user) {
      const user = { ...auth.user, firstName: changed.firstName, lastName: changed.lastName, email: changed.email };
      dispatch(authenticated({ user, permissions: auth.permissions, expiresAt: auth.expiresAt, ...(auth.bookingOnly ? { bookingOnly: true } : {}) }));
    }
  };
  const failed = (error: unknown) => {
    if (isApiError(error) && error.fieldErrors.length) setServerErrors(error.fieldErrors);
    setOutcome({ kind: 'failed', text: errorTextFor(error, 'patient_web') });
  };

  const save = useUpdateUserMutation({
    onMutate: () => {
      setServerErrors([]);
      setOutcome(undefined);
    },
    onSuccess: (changed) => {
      accountChanged(changed);
      setOutcome({
        kind: 'saved',
        text: [
          message('ui.patient.settings.saved'),
          changed.pendingEmail ? message('ui.patient.settings.emailPending', { email: changed.pendingEmail, current: changed.email }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      });
    },
    onError: failed,
  });

  const confirmEmail = useConfirmEmailChangeMutation({
    onMutate: () => setOutcome(undefined),
    onSuccess: (changed) => {
      accountChanged(changed);
      setOutcome({ kind: 'saved', text: message('ui.patient.settings.emailChanged', { email: changed.email }) });
    },
    onError: failed,
  });

  return (
    <PortalShell route="patientAccountSettings">
      <div className="form-card stack">
        <p className="lead">{message('ui.patient.account.settingsIntro')}</p>
        <div aria-live="polite" role="status">
          {outcome ? <p className={`notice ${outcome.kind === 'saved' ? 'notice--success' : 'notice--error'}`}>{outcome.text}</p> : null}
        </div>
        <Loaded query={account} skeleton={<ListSkeleton rows={5} height="3.5rem" />}>
          {(a) => (
            <>
              {a.pendingEmail ? (
                <SpecForm<{ code: string }>
                  key={a.pendingEmail}
                  idPrefix="confirm-email"
                  form={confirmEmailChangeForm}
                  serverErrors={serverErrors}
                  submitting={confirmEmail.isPending}
                  onSubmit={(values) => confirmEmail.mutate({ params: { id: a.id }, body: { code: values.code } })}
                />
              ) : null}
              <SpecForm<AccountSettings>
                form={accountSettingsForm}
                initialData={initialSettings(a)}
                serverErrors={serverErrors}
                submitting={save.isPending}
                onSubmit={(values) => save.mutate({ params: { id: a.id }, body: { ...values, phoneNumber: digitsOf(values.phoneNumber) } })}
                actions={
                  <ButtonLink to={routeById.patientAccount.path} variant="ghost">
                    {message('ui.patient.settings.cancel')}
                  </ButtonLink>
                }
              />
            </>
          )}
        </Loaded>
      </div>
      {account.data ? <PaymentAddressSettings userId={account.data.id} /> : null}
      {account.data ? <LanguageSettings userId={account.data.id} language={account.data.language} /> : null}
      {account.data ? (
        <TimeZoneSettings userId={account.data.id} timeZone={account.data.timeZone} addressTimeZone={account.data.addressTimeZone} onSaved={accountChanged} />
      ) : null}
      {account.data ? <ReminderSettings userId={account.data.id} /> : null}
    </PortalShell>
  );
}
