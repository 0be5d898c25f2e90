/**
 * Journey: the demo patient signs in from the sign-in page with the code e-mailed to them, sees the
 * "Sign consent" to-do for their son on the dashboard home, follows it, confirms his date of
 * birth against the record (a wrong date is refused first), reads and signs the consent, and is back on
 * the dashboard with the to-do gone and the signature noticed in a toast; on the way they keep a card on
 * file for him. Clicking and typing only.
 */
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import verification from '@/generated/flows/verification';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { useBrowser } from '../harness';
import { codeIn, latestMail, mailMoment } from '../signin-support';

const patient = demoAccounts.find((a) => a.role === 'Patient')!;
// Leo: the child no other browser test books for (booking for Mia signs her consent on the way).
const child = patient.dependants!.find((d) => d.firstName === 'Leo')!;
const childName = `${child.firstName} ${child.lastName}`;
const copy = (id: string) => (verification.steps.find((s) => s.id === id)?.copy ?? {}) as { heading?: string; sign?: string };
const wrongDate = `${Number(child.dateOfBirth.slice(0, 4)) + 1}${child.dateOfBirth.slice(4)}`;

describe('journey: a patient signs a consent from the dashboard to-do', () => {
  const session = useBrowser();

  it('signs in, follows "Sign consent", confirms the date of birth, signs, and the to-do is gone', async () => {
    const { page, problems } = session();
    // The wrong date of birth is the API's 422; the page shows it as it should.
    problems.allow(/Failed to load resource: the server responded with a status of 422/);

    await page.goto(routeById.login.path);
    await page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.flags !== 'waiting');
    const since = mailMoment();
    await page.locator('input[type=email]').click();
    await page.keyboard.type(patient.email);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${routeById.verifyOtp.path}`);
    const code = codeIn(await latestMail(patient.email, 'sign-in-code', since));
    await page.locator('input[autocomplete=one-time-code]').click();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${routeById.patientHome.path}`);

    const todo = page.getByRole('listitem').filter({ hasText: message('ui.patient.consentNeeded', { patient: childName }) });
    await todo.waitFor();
    await todo.getByRole('link', { name: messages['ui.patient.home.signConsent'] }).click();

    await page.waitForURL(`**${routeById.verifyUserConsent.path}?*`);
    await page.getByRole('heading', { level: 1, name: copy('verify-identity').heading }).waitFor();
    await page.getByRole('heading', { level: 2, name: childName }).waitFor();
    const dob = page.getByLabel('Date of birth');
    await dob.fill(wrongDate);
    await page.getByRole('button', { name: /confirm/i }).click();
    await page.getByRole('alert').filter({ hasText: errorCatalogue.DOB_MISMATCH.message }).waitFor();
    expect(page.url()).toContain(routeById.verifyUserConsent.path);
    await dob.fill(child.dateOfBirth);
    await page.getByRole('button', { name: /confirm/i }).click();

    await page.waitForURL(`**${routeById.verifyConsent.path}?*`);
    await page.getByRole('heading', { level: 1, name: copy('consent').heading }).waitFor();
    await page.getByText(message('ui.verify.signerCapacity', { capacity: message('consent.parentOrGuardian', { patient: childName }) })).waitFor();
    await page.getByRole('button', { name: copy('consent').sign }).click();

    await page.waitForURL(`**${routeById.verifySuccess.path}?*`);
    await page.getByRole('heading', { level: 1, name: copy('done').heading }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: message('ui.toast.consentSigned', { patient: childName }) })
      .waitFor();
    await page.getByRole('heading', { level: 1 }).click(); // the next click closes the toast
    await page
      .getByRole('status')
      .filter({ hasText: message('ui.toast.consentSigned', { patient: childName }) })
      .waitFor({ state: 'detached' });

    // A card on file for his sessions: the card form of the local test gateway, saved for him.
    await page.getByRole('link', { name: messages['ui.verify.addPaymentMethod'] }).click();
    await page.waitForURL(`**${routeById.verifyUserPayment.path}?*`);
    await page.getByRole('heading', { level: 2, name: message('ui.verify.cardOnFile', { patient: childName }) }).waitFor();
    const card = constants.testCardNumbers.approved[0]!;
    await page.getByLabel('Card number').fill(card.number);
    await page.getByLabel('Expiration (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Address line 1').fill('12 High St');
    await page.getByLabel('City').fill('Columbus');
    await page.getByLabel('State').selectOption('OH');
    await page.getByLabel('Zip code').fill('43215');
    await page.getByRole('button', { name: (verification.steps.find((s) => s.id === 'payment')!.copy as { save: string }).save }).click();
    const saved = message('ui.toast.cardSaved', { brand: card.brand, last4: card.number.slice(-4) });
    // Said in a toast, and the page keeps saying it.
    await page.getByRole('status').filter({ hasText: saved }).waitFor();
    expect(await page.locator('main p').filter({ hasText: saved }).count()).toBe(1);
    await page.getByRole('link', { name: messages['ui.verify.toDashboard'] }).click();

    await page.waitForURL(`**${routeById.patientHome.path}`);
    // The people on the account show his consent as signed, and the to-do list no longer asks for it.
    const people = page.getByRole('region', { name: messages['ui.patient.home.patients'] });
    await people.getByRole('listitem').filter({ hasText: childName }).filter({ hasText: messages['ui.patient.home.consentSigned'] }).waitFor();
    const tasks = page.getByRole('region', { name: messages['ui.patient.home.tasks'] });
    await tasks.waitFor();
    expect(await tasks.getByText(message('ui.patient.consentNeeded', { patient: childName })).count()).toBe(0);
  });
});
