/**
 * Journey: the demo patient signs in from the sign-in page, chooses Español in account
 * settings (clicking), and every portal screen then reads in Spanish: no common English word shows
 * in the screen's visible text (names of people and the brand are not checked: the words looked for
 * are English words that are not names). The account is put back to English at the end, so the other
 * journeys of this worker's server read the demo patient's mail in English.
 */
import { routeById, type RouteId } from '@/generated/routes';
import { message, messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE, localeDefinition, localizedPath } from '@/domain/locale';
import { useBrowser } from '../harness';
import { openSignInFromHome, screenHeading, signInWithMailedCode } from './front-door';
import { englishOnScreens } from './english-words';

const PATIENT = 'jordan.rivera@example.com';

/** The portal's screens, by route. */
const SCREENS: RouteId[] = [
  'patientHome',
  'patientSessionsUpcoming',
  'patientSessionsPast',
  'patientBilling',
  'patientInsuranceCards',
  'patientAccount',
  'patientAccountSettings',
  'patientMessages',
  'patientFireside',
  'patientWaitlist',
];

describe('journey: the portal in Spanish', () => {
  const session = useBrowser();

  it('switches to Español in settings and shows no English on the signed-in screens', async () => {
    const { page } = session();
    await openSignInFromHome(page);
    await signInWithMailedCode(page, PATIENT);
    await screenHeading(page);
    try {
      await page
        .getByRole('navigation')
        .getByRole('link', { name: message('ui.patient.nav.account') })
        .first()
        .click();
      await page.getByRole('link', { name: message('ui.patient.account.settings') }).click();
      await page.waitForURL(`**${routeById.patientAccountSettings.path}`);
      const languages = page.getByRole('region', { name: message('ui.patient.language.heading') });
      await languages.getByRole('radio', { name: localeDefinition('es').name }).check();
      await languages.getByRole('button', { name: message('ui.patient.language.save') }).click();
      // The same page opens in Spanish, under its prefix.
      await page.waitForURL(`**${localizedPath(routeById.patientAccountSettings.path, 'es')}`);
      await page.getByRole('heading', { name: messageIn('es', 'ui.patient.language.heading') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.getByRole('radio', { name: localeDefinition('es').name, checked: true }).waitFor();

      expect(await englishOnScreens(page, SCREENS)).toEqual([]);
    } finally {
      // Back to English through the same settings (clicking), for the journeys that follow on this server.
      await page.goto(localizedPath(routeById.patientAccountSettings.path, 'es'));
      const languages = page.getByRole('region', { name: messageIn('es', 'ui.patient.language.heading') });
      await languages.getByRole('radio', { name: localeDefinition(DEFAULT_LOCALE).name }).check();
      await languages.getByRole('button', { name: messageIn('es', 'ui.patient.language.save') }).click();
      await page.waitForURL(`**${routeById.patientAccountSettings.path}`);
      await page.getByRole('heading', { name: message('ui.patient.language.heading') }).waitFor();
    }
  });
});
