/** Advertisement questionnaire (/app/welcome-questionnaire, product-spec §2): the pre-search questionnaire with a welcome. */
import { Questionnaire } from './Questionnaire';

export default function WelcomeQuestionnairePage() {
  return <Questionnaire kind="welcome" />;
}
