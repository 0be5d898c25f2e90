/** After a magic link was sent (/login/email-sent): where it went, and a way to send it again or use another address. */
import { Link } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { Button, ButtonLink } from '@/client/ui/Button';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthUi } from '@/client/store/auth/slice';
import { selectSignIn, signInResendRequested } from '@/client/store/auth/sign-in';
import { AuthFrame, SignInFailure, SignInNews } from './parts';

export default function LoginEmailSentPage() {
  const dispatch = useAppDispatch();
  const { email } = useAppSelector(selectAuthUi);
  const signIn = useAppSelector(selectSignIn);

  if (!email) {
    return (
      <AuthFrame heading={message('ui.emailSent.heading')}>
        <p>{message('ui.emailSent.noEmail')}</p>
        <ButtonLink to={routeById.login.path}>{message('ui.signIn.goToLogin')}</ButtonLink>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame heading={message('ui.emailSent.heading')}>
      <p>{message('ui.emailSent.text', { email })}</p>
      <SignInNews text={signIn.resent && signIn.status === 'sent' ? message('ui.emailSent.resent', { email }) : undefined} />
      <SignInFailure error={signIn.error} />
      <div className="cluster">
        <Button variant="secondary" disabled={signIn.status === 'sending'} onClick={() => dispatch(signInResendRequested())}>
          {message('ui.emailSent.resend')}
        </Button>
        <Link to={routeById.login.path}>{message('ui.emailSent.useAnother')}</Link>
      </div>
    </AuthFrame>
  );
}
