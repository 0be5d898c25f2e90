/** The end of the verification flow (specs/flows/verification.yaml step done). */
import verification from '../../../generated/flows/verification';
import { routeById } from '../../../generated/routes';
import { ButtonLink } from '../../ui/Button';

const done = verification.steps.find((s) => s.id === 'done');

export default function VerifySuccessPage() {
  const copy = (done?.copy ?? {}) as { heading?: string; text?: string };
  return (
    <div className="message-page stack">
      <h1>{copy.heading ?? done?.title}</h1>
      {copy.text ? <p>{copy.text}</p> : null}
      <ButtonLink to={routeById.home.path}>{routeById.home.title}</ButtonLink>
    </div>
  );
}
