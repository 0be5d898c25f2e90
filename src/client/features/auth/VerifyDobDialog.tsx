/** The verify-date-of-birth popup: a magic link whose account must confirm the date of birth before it signs in. */
import verifyDobForm from '@/generated/forms/verify-date-of-birth';
import { message } from '@/domain/messages';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Dialog } from '@/client/ui/Dialog';
import { Button } from '@/client/ui/Button';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthUi, verifyDobPopupToggled } from '@/client/store/auth/slice';
import { dobSubmitted, selectSignIn, signInErrorDismissed } from '@/client/store/auth/sign-in';
import { SignInFailure } from './parts';

export function VerifyDobDialog() {
  const dispatch = useAppDispatch();
  const { showVerifyDOBPopup } = useAppSelector(selectAuthUi);
  const signIn = useAppSelector(selectSignIn);
  const close = () => {
    dispatch(verifyDobPopupToggled(false));
    dispatch(signInErrorDismissed());
  };
  return (
    <Dialog open={showVerifyDOBPopup} title={message('ui.verifyDob.heading')} description={message('ui.verifyDob.text')} onClose={close}>
      <SignInFailure error={signIn.error} />
      <SpecForm<{ dob: string }>
        form={verifyDobForm}
        submitting={signIn.status === 'verifying'}
        onSubmit={(data) => {
          dispatch(dobSubmitted({ dob: data.dob }));
        }}
        actions={
          <Button variant="ghost" onClick={close}>
            {message('ui.verifyDob.cancel')}
          </Button>
        }
      />
    </Dialog>
  );
}
