/**
 * Journey: a patient whose video session starts in a few minutes (the demo's Jamie Ortiz,
 * seeded with a session with the demo clinician) cannot find the link and calls support; the agent
 * sends the confirmation again; the patient follows the room's link in the mail, signs in, lands in
 * the room and tests camera and microphone in the waiting room; the clinician,
 * in a second browser, signs in, sees the patient waiting on their schedule, opens the room and admits
 * them; both pages receive the other's video (WebRTC statistics show inbound bytes). A third signed-in
 * patient who is not on the session cannot open the room nor its signalling socket. The patient
 * leaves and rejoins, and the video flows again; the clinician ends the visit for everyone. Chromium runs with a fake camera and microphone.
 */
import type { Page } from 'playwright-core';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import system from '@/generated/content/system';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { demoVideoPatientEmail } from '@/server/db/seed/portal-sessions';
import { eventually, newSession, useBrowser, type Session } from '../harness';
import { signInFromHome, signInWithMailedCode, visitedPaths } from './front-door';
import { latestMail, mailMoment } from '../mailbox';
import findAccountForm from '@/generated/forms/support-find-account';

const clinicianAccount = demoAccounts.find((a) => a.role === 'Clinician')!;
const otherPatient = demoAccounts.find((a) => a.role === 'Patient')!;
const supportAgent = demoAccounts.find((a) => a.role === 'Support agent')!;

/** Keeps every RTCPeerConnection a page makes, so the test can read its statistics. */
const collectPeerConnections = () => {
  const w = window as unknown as { __pcs: RTCPeerConnection[]; RTCPeerConnection: typeof RTCPeerConnection };
  w.__pcs = [];
  const Original = w.RTCPeerConnection;
  w.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      w.__pcs.push(this);
    }
  };
};

/** Video bytes received on the page's open peer connections (inbound-rtp). */
async function inboundVideoBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((pc) => pc.connectionState !== 'closed');
    let bytes = 0;
    for (const pc of pcs) {
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') bytes += s.bytesReceived ?? 0;
      });
    }
    return bytes;
  });
}

async function receivesVideo(page: Page, who: string): Promise<void> {
  await eventually(
    async () => ((await inboundVideoBytes(page)) > 0 ? true : undefined),
    () => `${who} received no video bytes`,
  );
}

async function testDevices(page: Page): Promise<void> {
  await page.getByRole('heading', { name: messages['ui.visit.devices.heading'] }).waitFor();
  await page.getByRole('button', { name: messages['ui.visit.devices.start'] }).click();
  await page.getByLabel(messages['ui.visit.devices.previewLabel']).waitFor();
  // The fake camera plays in the preview, and the person may pick another device.
  await page.waitForFunction((label) => {
    const video = document.querySelector(`video[aria-label="${label}"]`) as HTMLVideoElement | null;
    return !!video && video.videoWidth > 0;
  }, messages['ui.visit.devices.previewLabel']);
  await page.getByRole('combobox', { name: messages['ui.visit.devices.camera'], exact: true }).waitFor();
}

describe('journey: a video visit takes place', () => {
  const session = useBrowser({ fakeMedia: true });
  const others: Session[] = [];
  afterEach(async () => {
    for (const s of others.splice(0)) {
      try {
        s.problems.assertNone();
      } finally {
        await s.context.close();
      }
    }
  });

  it('the patient waits, the clinician admits them from the schedule, both see each other; a stranger cannot get in; leave and rejoin work, and the clinician ends it', async () => {
    const patient = session();
    await patient.context.addInitScript(collectPeerConnections);

    // Jamie cannot find the room's link and calls support: the agent finds the account, opens the
    // session and sends its confirmation again.
    const agent = await newSession();
    others.push(agent);
    await signInFromHome(agent.page, supportAgent.email);
    await agent.page.waitForURL(`**${routeById.supportDashboard.path}`);
    const find = agent.page.getByRole('region', { name: messages['ui.support.find.heading'] });
    await find.getByLabel('Email').fill(demoVideoPatientEmail);
    await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
    await agent.page.getByRole('main').getByRole('heading', { level: 1, name: 'Jamie Ortiz' }).waitFor();
    await agent.page.getByRole('region', { name: messages['ui.support.user.upcoming'] }).getByRole('listitem').first().getByRole('link').first().click();
    await agent.page.waitForURL((u) => u.pathname === routeById.supportUserSession.path);
    const since = mailMoment();
    await agent.page.getByRole('button', { name: messages['ui.support.session.resend'] }).click();
    await agent.page.getByText(message('ui.support.session.resent', { email: demoVideoPatientEmail })).waitFor();

    // Jamie follows the room's link in the mail, signs in, and lands in the room.
    const mail = await latestMail(demoVideoPatientEmail, 'appointment-confirmation', since);
    const roomPath = /\/app\/visit\/[0-9a-f-]{36}/.exec(mail.text)?.[0] ?? '';
    expect(roomPath).not.toBe('');
    await patient.page.goto(roomPath);
    await patient.page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
    await patient.page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
    await signInWithMailedCode(patient.page, demoVideoPatientEmail);
    await patient.page.getByRole('heading', { level: 1, name: messages['ui.visit.heading'] }).waitFor();
    expect(new URL(patient.page.url()).pathname).toBe(roomPath);
    await testDevices(patient.page);
    await patient.page.getByRole('button', { name: messages['ui.visit.join'] }).click();
    await patient.page.getByText(messages['ui.visit.waiting']).waitFor();

    // The clinician, in another browser, sees Jamie waiting on the schedule and admits them.
    const clinician = await newSession();
    others.push(clinician);
    await clinician.context.addInitScript(collectPeerConnections);
    await signInFromHome(clinician.page, clinicianAccount.email);
    await clinician.page.waitForURL(`**${routeById.careSchedule.path}`);
    await clinician.page.getByText(message('ui.care.schedule.waiting', { names: 'Jamie' })).waitFor();
    await clinician.page.getByRole('link', { name: messages['ui.care.schedule.admit'] }).click();
    await clinician.page.waitForURL(`**${roomPath}`);
    await testDevices(clinician.page);
    await clinician.page.getByRole('button', { name: messages['ui.visit.joinAsClinician'] }).click();
    await clinician.page.getByRole('button', { name: message('ui.visit.admit', { name: 'Jamie' }) }).click();

    await patient.page.getByLabel(`${clinicianAccount.firstName} ${clinicianAccount.lastName}`).waitFor();
    await clinician.page.getByLabel('Jamie').waitFor();
    await receivesVideo(patient.page, 'the patient');
    await receivesVideo(clinician.page, 'the clinician');

    // A third patient, signed in, is not on the session: the room is not found, and its socket refuses them.
    const stranger = await newSession();
    others.push(stranger);
    stranger.problems.allow(/status of 404/);
    stranger.problems.allow(/WebSocket connection to .* failed/);
    const visited = visitedPaths(stranger.page);
    // They follow the room's link signed out (as from a mail): sign-in keeps the room's address, and
    // after signing in the room is not found for them.
    await stranger.page.goto(roomPath);
    await stranger.page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
    await stranger.page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
    await signInWithMailedCode(stranger.page, otherPatient.email);
    await stranger.page.getByRole('heading', { level: 1, name: system.notFound.heading }).waitFor();
    const afterCode = visited.slice(visited.findLastIndex((path) => path.startsWith(routeById.verifyOtp.path)) + 1);
    expect(afterCode[0]).toBe(roomPath);
    const socket = await stranger.page.evaluate(
      (path) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/visits/${path.split('/').pop()}/signal`, ['mindfulcare.visit.v1']);
          ws.onmessage = () => resolve('message');
          ws.onclose = () => resolve('refused');
        }),
      roomPath,
    );
    expect(socket).toBe('refused');

    // The patient leaves and comes back: straight into the call, video flowing again.
    await patient.page.getByRole('button', { name: messages['ui.visit.leave'] }).click();
    await patient.page.getByText(messages['ui.visit.left']).waitFor();
    await clinician.page.getByText(messages['ui.visit.alone']).waitFor();
    await patient.page.getByRole('button', { name: messages['ui.visit.rejoin'] }).click();
    await patient.page.getByLabel(`${clinicianAccount.firstName} ${clinicianAccount.lastName}`).waitFor();
    await receivesVideo(patient.page, 'the patient after rejoining');
    await receivesVideo(clinician.page, 'the clinician after the patient rejoined');

    // The clinician ends the visit for everyone.
    await clinician.page.getByRole('button', { name: messages['ui.visit.endForAll'] }).click();
    await patient.page.getByText(messages['ui.visit.ended']).waitFor();
    await clinician.page.getByText(messages['ui.visit.ended']).waitFor();
  });
});
