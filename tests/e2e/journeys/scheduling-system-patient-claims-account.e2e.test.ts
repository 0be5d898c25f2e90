/**
 * Journey: a patient known to the practice only from its scheduling system gets the invitation staff
 * sent from that record (set-up: the support agent's POST /users/create-from-scheduling-system, as the
 * practice's tool does). From the mail link they choose Español (the page opens in it, the link kept),
 * keep the zone their device suggests, and confirm who they are with what the record holds: a zip code
 * that is not the record's is refused, the record's date of birth, last name and zip code sign them in.
 * The screen, in Spanish, says nothing is booked yet and offers the consent, which they sign through the
 * consent steps. Only clicks and typing from the mail link on.
 */
import claimForm from '@/generated/forms/claim-scheduling-record';
import verification from '@/generated/flows/verification';
import { routeById } from '@/generated/routes';
import { translations } from '@/generated/translations';
import { messageIn } from '@/domain/messages';
import { errorTemplate, routeTitle } from '@/domain/translations';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { browserTimeZone, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { apiAs, signInWithCode } from '../portal-session';
import { fieldLabel, flowStepCopy, pathIn } from './words';
import { newPerson } from './booking-steps';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const person = newPerson('record.claims', '1971-09-08');
const personName = `${person.firstName} ${person.lastName}`;
const es = 'es' as const;

/** The invitation's link, as a path of the app (the mail names PUBLIC_URL, which tests do not browse). */
function invitationPath(text: string): string {
  const link = /https?:\/\/\S+\/app\/first-time-amd-user\?claimToken=\S+/.exec(text)?.[0];
  if (!link) throw new Error('No invitation link in the mail.');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('journey: a scheduling-system patient claims the account started from their record', () => {
  const session = useBrowser();

  it('the invitation → Español → the record’s details (a wrong zip first) → nothing booked, the consent signed', async () => {
    const { page, problems } = session();
    // The refused zip code is the API's 422; the page shows it as it should.
    problems.allow(/Failed to load resource: the server responded with a status of 422/);

    const since = mailMoment();
    const staff = await signInWithCode(agent.email);
    const started = await apiAs(staff, '/users/create-from-scheduling-system', {
      body: {
        ehrId: `AMD-${person.lastName}`,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        dateOfBirth: person.dateOfBirth,
        address: { line1: '40 Elm St', city: 'Dayton', state: 'OH', zipcode: '45402' },
      },
    });
    expect(started.status).toBe(201);
    const invitation = await latestMail(person.email, 'account-invitation', since);

    await withFailureShot(page, 'journey-record-claims', async () => {
      await page.goto(invitationPath(invitation.text));
      await page.getByRole('heading', { level: 1, name: routeTitle('firstTimeAmdUser', 'en-US') }).waitFor();
      await page.getByRole('radio', { name: 'Español' }).check();

      // The same screen in Spanish, the link kept; the device's zone suggested.
      await page.waitForURL((u) => u.pathname === pathIn(routeById.firstTimeAmdUser.path, es) && u.searchParams.has('claimToken'));
      await page.getByRole('heading', { level: 1, name: routeTitle('firstTimeAmdUser', es) }).waitFor();
      await page.getByText(messageIn(es, 'ui.firstTime.amdIntro')).waitFor();
      expect(await page.getByLabel(messageIn(es, 'ui.firstTime.zoneLabel')).inputValue()).toBe(browserTimeZone);

      const submit = page.getByRole('button', { name: (translations[es]!.forms[claimForm.id] as { submitLabel: string }).submitLabel });
      await page.getByLabel(fieldLabel(claimForm, 'dateOfBirth', es)).fill(person.dateOfBirth);
      await page.getByLabel(fieldLabel(claimForm, 'lastName', es)).fill(person.lastName.toUpperCase());
      await page.getByLabel(fieldLabel(claimForm, 'zipcode', es)).fill('45403');
      await submit.click();
      await page
        .getByRole('alert')
        .filter({ hasText: errorTemplate('CLAIM_DETAILS_MISMATCH', undefined, es) })
        .waitFor();

      await page.getByLabel(fieldLabel(claimForm, 'zipcode', es)).fill('45402');
      await submit.click();
      await page.getByRole('heading', { level: 2, name: messageIn(es, 'ui.firstTime.readyHeading', { name: person.firstName }) }).waitFor();
      expect(new URL(page.url()).pathname).toBe(pathIn(routeById.firstTimeAmdUser.path, es));
      await page
        .getByRole('region', { name: messageIn(es, 'ui.firstTime.booked') })
        .getByText(messageIn(es, 'ui.firstTime.noneBooked'))
        .waitFor();

      const pending = page.getByRole('region', { name: messageIn(es, 'ui.firstTime.pending') });
      const todo = pending.getByRole('listitem').filter({ hasText: messageIn(es, 'ui.patient.consentNeeded', { patient: personName }) });
      await todo.getByRole('link', { name: messageIn(es, 'ui.patient.home.signConsent') }).click();

      await page.waitForURL((u) => u.pathname === pathIn(routeById.verifyUserConsent.path, es));
      await page.getByLabel(messageIn(es, 'ui.firstTime.zoneLabel')).waitFor({ state: 'detached' });
      await page.locator('input[autocomplete=bday]').fill(person.dateOfBirth);
      await page.locator('input[autocomplete=bday]').press('Enter');
      await page.waitForURL((u) => u.pathname === pathIn(routeById.verifyConsent.path, es));
      const consent = flowStepCopy(verification, 'consent', es);
      await page.getByRole('heading', { level: 1, name: consent.heading }).waitFor();
      await page.getByRole('button', { name: consent.sign }).click();
      await page.waitForURL((u) => u.pathname === pathIn(routeById.verifySuccess.path, es));
      await page.getByRole('heading', { level: 1, name: flowStepCopy(verification, 'done', es).heading }).waitFor();
    });
  });
});
