/** Pre-search questionnaire (/app/search-questionnaire, product-spec §2). */
import { Questionnaire } from './Questionnaire';

export default function SearchQuestionnairePage() {
  return <Questionnaire kind="search" />;
}
