/**
 * The payment (billing) address in account settings: the card holder's name and billing address, kept
 * with the last card paid with (GET /users/billing) and changed here; the next card form starts from it. The home
 * address is the account settings form's own, above: the two are kept apart (README, "Addresses").
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import billingAddressForm from '@/generated/forms/billing-address';
import type { Billing } from '@/generated/entities';
import { queryKeys, useGetUserBillingQuery, useUpdateUserBillingMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import type { FieldError } from '@/domain/validation/field-errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { billingAnswersOf } from '@/client/payments/billing-answers';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button } from '@/client/ui/Button';
import { fullName } from './data';
import { formatAddress } from './PatientAccountPage';
import { ListSkeleton, Loaded } from './states';

const NO_ERRORS: readonly FieldError[] = [];

export function PaymentAddressSettings({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const input = { query: { userId } };
  const billing = useGetUserBillingQuery(input);
  const [saved, setSaved] = useState<string>();
  // Shown as a line until changed: one address form at a time on the page (the home address's is above).
  const [changing, setChanging] = useState(false);
  const save = useUpdateUserBillingMutation({
    onMutate: () => setSaved(undefined),
    onSuccess: (now) => {
      queryClient.setQueryData(queryKeys.getUserBilling(input), now);
      setChanging(false);
      setSaved(message('ui.patient.paymentAddress.saved'));
    },
  });
  return (
    <section className="form-card stack-sm" aria-labelledby="payment-address">
      <h2 id="payment-address">{message('ui.patient.paymentAddress.heading')}</h2>
      <p>{message('ui.patient.paymentAddress.intro')}</p>
      <div aria-live="polite" role="status">
        {saved ? <p className="notice notice--success">{saved}</p> : null}
      </div>
      <Loaded query={billing} skeleton={<ListSkeleton rows={4} height="3.5rem" />}>
        {(b) =>
          !changing ? (
            <>
              <p>
                {b.address ? (
                  <>
                    {fullName(b)}
                    <br />
                    {formatAddress(b.address)}
                  </>
                ) : (
                  message('ui.patient.paymentAddress.none')
                )}
              </p>
              <div>
                <Button variant="secondary" onClick={() => setChanging(true)}>
                  {message('ui.patient.paymentAddress.change')}
                </Button>
              </div>
            </>
          ) : (
            <SpecForm<Billing>
              idPrefix="payment-address"
              form={billingAddressForm}
              initialData={billingAnswersOf(b) as Partial<Billing> | undefined}
              submitLabel={message('ui.patient.paymentAddress.save')}
              submitting={save.isPending}
              serverErrors={save.isError && isApiError(save.error) ? save.error.fieldErrors : NO_ERRORS}
              onSubmit={(values) => save.mutate({ ...input, body: values })}
            />
          )
        }
      </Loaded>
      <ErrorNotice text={save.isError ? errorTextFor(save.error, 'patient_web') : undefined} />
    </section>
  );
}
