/** Landing page (see LandingPage.tsx): rendered on the server, copy from specs/content. */
import { LandingPageScreen } from './LandingPage';

export { loadData } from './LandingPage';

export default function PsychiatristHubPage() {
  return <LandingPageScreen />;
}
