import { fireEvent, screen } from '@testing-library/react';
import * as bookingConstants from '@/generated/constants/booking';
import * as placesConstants from '@/generated/constants/places';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { renderScreen } from '@tests/support/screen-kit';
import VisitRoomPage from './VisitRoomPage';
import { formatSessionTime, zoneLabel } from '@/domain/date-format';

const id = '6696f54b-817a-4ef4-b0bc-6ecc1ef8a353';
const path = '/app/visit/:appointmentId';
const room = (over: Record<string, unknown> = {}) => ({
  appointmentId: id,
  start: '2026-12-01T15:00:00.000Z',
  end: '2026-12-01T15:50:00.000Z',
  opensAt: '2026-12-01T14:45:00.000Z',
  closesAt: '2026-12-01T16:20:00.000Z',
  state: 'open',
  role: 'patient',
  provider: { firstName: 'Ava', lastName: 'Garcia', title: 'LCSW' },
  patients: [{ firstName: 'Jamie', lastName: 'Ortiz' }],
  iceServers: [],
  externalUrl: null,
  ...over,
});
const phone = formatPhone(placesConstants.supportPhone);
const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function withWebRtc(getUserMedia: () => Promise<MediaStream>) {
  Object.assign(window, { RTCPeerConnection: function RTCPeerConnection() {} });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, enumerateDevices: async () => [] } });
}

afterEach(() => {
  delete (window as { RTCPeerConnection?: unknown }).RTCPeerConnection;
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
});

describe('VisitRoomPage', () => {
  it("says when the room opens, in the viewer's own time zone", async () => {
    renderScreen(<VisitRoomPage />, { path, at: `/app/visit/${id}`, answers: { getVisitRoom: () => room({ state: 'notYetOpen' }) } });
    expect(
      await screen.findByText(
        message('ui.visit.notYetOpen', {
          opens: formatSessionTime('2026-12-01T14:45:00.000Z', viewerZone),
          zone: zoneLabel(viewerZone),
          minutes: String(bookingConstants.videoVisitOpensMinutesBefore),
        }),
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        message('ui.visit.with', {
          provider: 'Ava Garcia, LCSW',
          time: formatSessionTime('2026-12-01T15:00:00.000Z', viewerZone),
          zone: zoneLabel(viewerZone),
        }),
      ),
    ).toBeTruthy();
  });

  it('names the clients to the clinician, not the clinician themself', async () => {
    renderScreen(<VisitRoomPage />, { path, at: `/app/visit/${id}`, answers: { getVisitRoom: () => room({ state: 'notYetOpen', role: 'clinician' }) } });
    const time = formatSessionTime('2026-12-01T15:00:00.000Z', viewerZone);
    expect(await screen.findByText(message('ui.visit.withClients', { patients: 'Jamie Ortiz', time, zone: zoneLabel(viewerZone) }))).toBeTruthy();
    expect(screen.queryByText(/Ava Garcia/)).toBeNull();
  });

  it('offers the phone line when the browser cannot make video calls', async () => {
    renderScreen(<VisitRoomPage />, { path, at: `/app/visit/${id}`, answers: { getVisitRoom: () => room() } });
    expect((await screen.findByRole('alert')).textContent).toContain(message('ui.visit.noWebRtc', { phone }));
  });

  it('says how to recover when the camera and microphone are refused, and when there are none', async () => {
    const refusals = [Object.assign(new Error('denied'), { name: 'NotAllowedError' }), Object.assign(new Error('none'), { name: 'NotFoundError' })];
    withWebRtc(() => Promise.reject(refusals.shift()));
    renderScreen(<VisitRoomPage />, { path, at: `/app/visit/${id}`, answers: { getVisitRoom: () => room() } });
    fireEvent.click(await screen.findByRole('button', { name: message('ui.visit.devices.start') }));
    expect((await screen.findByRole('alert')).textContent).toBe(message('ui.visit.devices.denied', { phone }));
    fireEvent.click(screen.getByRole('button', { name: message('ui.visit.devices.retry') }));
    expect(await screen.findByText(message('ui.visit.devices.none', { phone }))).toBeTruthy();
  });

  it('sends people on to an external video service when one hosts the session', async () => {
    renderScreen(<VisitRoomPage />, {
      path,
      at: `/app/visit/${id}`,
      answers: { getVisitRoom: () => room({ externalUrl: 'https://video.partner.example/r/1' }) },
    });
    expect((await screen.findByRole('link', { name: message('ui.visit.externalOpen') })).getAttribute('href')).toBe('https://video.partner.example/r/1');
  });
});
