/**
 * A video session's room (/app/visit/{appointmentId}): the session and when the room opens in
 * the viewer's own time zone, a camera and microphone check (preview, device choice, what to do when
 * the browser refuses or has none), then the waiting room until the clinician admits the patient, and
 * the call (mute, camera off, leave and rejoin; the clinician admits people and can end the visit for
 * everyone). Anyone the server does not let in gets the not-found page; a browser without WebRTC gets
 * the phone line.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { EndpointTypes } from '@/generated/entities';
import * as bookingConstants from '@/generated/constants/booking';
import * as placesConstants from '@/generated/constants/places';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { useGetVisitRoomQuery } from '@/generated/client/hooks';
import { isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Button } from '@/client/ui/Button';
import { Skeleton } from '@/client/ui/Skeleton';
import { formatList, fullName } from '@/client/ui/format';
import { VisitMesh, webRtcAvailable, type MeshPhase, type RemotePeer, type WaitingPerson } from './mesh';
import './visit.css';
import { formatSessionTime, viewerTimeZone, zoneLabel } from '@/domain/date-format';

type Room = EndpointTypes['getVisitRoom']['response'];
type DeviceProblem = 'denied' | 'none' | 'failed';

const phone = formatPhone(placesConstants.supportPhone);

function problemOf(error: unknown): DeviceProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'none';
  return 'failed';
}

function VideoOf({ stream, label, muted }: { stream: MediaStream | null; label: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <figure className="visit__tile">
      <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** Camera and microphone: asks for them, shows the preview and lets the person pick others. */
function useDevices() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<DeviceProblem | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [choice, setChoice] = useState<{ camera?: string; microphone?: string }>({});
  const streamRef = useRef<MediaStream | null>(null);

  const start = async (next = choice) => {
    setProblem(null);
    streamRef.current?.getTracks().forEach((t) => t.stop());
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: next.camera ? { deviceId: { exact: next.camera } } : true,
        audio: next.microphone ? { deviceId: { exact: next.microphone } } : true,
      });
      streamRef.current = media;
      setStream(media);
      setDevices(await navigator.mediaDevices.enumerateDevices());
    } catch (error) {
      streamRef.current = null;
      setStream(null);
      setProblem(problemOf(error));
    }
  };
  const choose = (kind: 'camera' | 'microphone', deviceId: string) => {
    const next = { ...choice, [kind]: deviceId };
    setChoice(next);
    void start(next);
  };
  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setStream(null);
  }, []);
  useEffect(() => () => streamRef.current?.getTracks().forEach((t) => t.stop()), []);
  return { stream, problem, devices, choice, start, choose, stop };
}

function DeviceSelect({
  label,
  kind,
  devices,
  value,
  onChange,
}: {
  label: string;
  kind: MediaDeviceKind;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const list = devices.filter((d) => d.kind === kind && d.deviceId);
  if (!list.length) return null;
  return (
    <div className="field stack-sm">
      <label htmlFor={`visit-${kind}`}>{label}</label>
      <select id={`visit-${kind}`} value={value ?? list[0]!.deviceId} onChange={(e) => onChange(e.target.value)}>
        {list.map((d, i) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || `${label} ${i + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

function Call({ room }: { room: Room }) {
  const devices = useDevices();
  const [phase, setPhase] = useState<MeshPhase | 'setup'>('setup');
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const [waiting, setWaiting] = useState<WaitingPerson[]>([]);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const mesh = useRef<VisitMesh | null>(null);
  const clinician = room.role === 'clinician';

  useEffect(() => () => mesh.current?.dispose(), []);
  // Once the visit is over the camera and microphone go off.
  const { stop } = devices;
  useEffect(() => {
    if (phase === 'ended') stop();
  }, [phase, stop]);

  const join = () => {
    if (!devices.stream) return;
    const url = new URL(`/api/visits/${encodeURIComponent(room.appointmentId)}/signal`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    mesh.current?.dispose();
    mesh.current = new VisitMesh(url.href, room.iceServers, devices.stream, {
      phase: (p) => setPhase(p),
      peers: setPeers,
      lobby: setWaiting,
    });
    mesh.current.connect();
  };
  const toggleMute = () => {
    devices.stream?.getAudioTracks().forEach((t) => (t.enabled = muted));
    setMuted(!muted);
  };
  const toggleCamera = () => {
    devices.stream?.getVideoTracks().forEach((t) => (t.enabled = cameraOff));
    setCameraOff(!cameraOff);
  };
  const leave = () => {
    mesh.current?.leave();
    setWaiting([]);
  };

  if (phase === 'ended')
    return (
      <p className="notice" role="status">
        {message('ui.visit.ended')}
      </p>
    );
  if (phase === 'refused')
    return (
      <p className="notice" role="alert">
        {message('ui.visit.refused')}
      </p>
    );
  if (phase === 'left') {
    return (
      <div className="stack-sm">
        <p className="notice" role="status">
          {message('ui.visit.left')}
        </p>
        <div className="cluster">
          <Button onClick={join} disabled={!devices.stream}>
            {message('ui.visit.rejoin')}
          </Button>
        </div>
      </div>
    );
  }

  if (phase === 'setup') {
    return (
      <section className="stack" aria-labelledby="visit-devices">
        <h2 id="visit-devices">{message('ui.visit.devices.heading')}</h2>
        {devices.stream ? (
          <>
            <VideoOf stream={devices.stream} label={message('ui.visit.devices.previewLabel')} muted />
            <div className="visit__devices">
              <DeviceSelect
                label={message('ui.visit.devices.camera')}
                kind="videoinput"
                devices={devices.devices}
                value={devices.choice.camera}
                onChange={(id) => devices.choose('camera', id)}
              />
              <DeviceSelect
                label={message('ui.visit.devices.microphone')}
                kind="audioinput"
                devices={devices.devices}
                value={devices.choice.microphone}
                onChange={(id) => devices.choose('microphone', id)}
              />
            </div>
            <div className="cluster">
              <Button onClick={join}>{messageTemplate(clinician ? 'ui.visit.joinAsClinician' : 'ui.visit.join')}</Button>
            </div>
          </>
        ) : (
          <>
            {devices.problem ? (
              <p className="notice notice--error" role="alert">
                {message(`ui.visit.devices.${devices.problem}`, { phone })}
              </p>
            ) : null}
            <div className="cluster">
              <Button onClick={() => void devices.start()}>{messageTemplate(devices.problem ? 'ui.visit.devices.retry' : 'ui.visit.devices.start')}</Button>
            </div>
          </>
        )}
      </section>
    );
  }

  return (
    <section className="stack" aria-label={message('ui.visit.heading')}>
      {phase === 'waiting' ? (
        <p className="notice" role="status">
          {message('ui.visit.waiting')}
        </p>
      ) : null}
      {phase === 'reconnecting' ? (
        <p className="notice" role="status">
          {message('ui.visit.reconnecting')}
        </p>
      ) : null}
      {phase === 'inCall' && !peers.length ? (
        <p className="muted" role="status">
          {message('ui.visit.alone')}
        </p>
      ) : null}
      <div className="visit__grid">
        <VideoOf stream={devices.stream} label={message('ui.visit.you')} muted />
        {peers.map((p) => (
          <VideoOf key={p.peerId} stream={p.stream} label={p.name} />
        ))}
      </div>
      {clinician ? (
        <section className="card stack-sm" aria-labelledby="visit-lobby">
          <h2 id="visit-lobby">{message('ui.visit.waitingList')}</h2>
          {waiting.length ? (
            <ul className="stack-sm">
              {waiting.map((w) => (
                <li key={w.peerId}>
                  <Button onClick={() => mesh.current?.admit(w.peerId)}>{message('ui.visit.admit', { name: w.name })}</Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{message('ui.visit.nobodyWaiting')}</p>
          )}
        </section>
      ) : null}
      <div className="cluster visit__controls">
        <Button variant="secondary" onClick={toggleMute} aria-pressed={muted}>
          {messageTemplate(muted ? 'ui.visit.unmute' : 'ui.visit.mute')}
        </Button>
        <Button variant="secondary" onClick={toggleCamera} aria-pressed={cameraOff}>
          {messageTemplate(cameraOff ? 'ui.visit.cameraOn' : 'ui.visit.cameraOff')}
        </Button>
        <Button variant="secondary" onClick={leave}>
          {message('ui.visit.leave')}
        </Button>
        {clinician ? <Button onClick={() => mesh.current?.endForEveryone()}>{message('ui.visit.endForAll')}</Button> : null}
      </div>
    </section>
  );
}

function RoomState({ room }: { room: Room }) {
  const zone = viewerTimeZone();
  if (room.state === 'notYetOpen') {
    return (
      <p className="notice" role="status">
        {message('ui.visit.notYetOpen', {
          opens: formatSessionTime(room.opensAt, zone),
          zone: zoneLabel(zone),
          minutes: String(bookingConstants.videoVisitOpensMinutesBefore),
        })}
      </p>
    );
  }
  if (room.state !== 'open')
    return (
      <p className="notice" role="status">
        {messageTemplate(room.state === 'cancelled' ? 'ui.visit.cancelled' : room.state === 'ended' ? 'ui.visit.ended' : 'ui.visit.closed')}
      </p>
    );
  if (room.externalUrl) {
    return (
      <div className="stack-sm">
        <p>{message('ui.visit.external')}</p>
        <a className="btn btn--primary" href={room.externalUrl} rel="noopener noreferrer">
          {message('ui.visit.externalOpen')}
        </a>
      </div>
    );
  }
  if (!webRtcAvailable()) {
    return (
      <p className="notice notice--error" role="alert">
        {message('ui.visit.noWebRtc', { phone })} <a href={telHref(placesConstants.supportPhone)}>{phone}</a>
      </p>
    );
  }
  return <Call room={room} />;
}

export default function VisitRoomPage() {
  const { appointmentId = '' } = useParams();
  const room = useGetVisitRoomQuery(
    { params: { appointmentId } },
    // Until it opens the page looks again now and then, so it opens by itself.
    { refetchInterval: (q) => (q.state.data?.state === 'notYetOpen' ? 30_000 : false) },
  );
  const zone = useMemo(() => viewerTimeZone(), []);
  if (isApiError(room.error) && (room.error.status === 404 || room.error.status === 400)) return <Navigate to={routeById.notFound.path} replace />;
  const data = room.data;
  return (
    <div className="container stack-lg visit">
      <header className="stack-sm">
        <h1>{message('ui.visit.heading')}</h1>
        {data ? (
          <p className="lead">
            {data.role === 'clinician'
              ? // The clinician reads whom they see, not their own name.
                message('ui.visit.withClients', {
                  patients: formatList(data.patients.map(fullName)),
                  time: formatSessionTime(data.start, zone),
                  zone: zoneLabel(zone),
                })
              : message('ui.visit.with', {
                  provider: [fullName(data.provider), data.provider.title].filter(Boolean).join(', '),
                  time: formatSessionTime(data.start, zone),
                  zone: zoneLabel(zone),
                })}
          </p>
        ) : room.isPending ? (
          <Skeleton height="1.75rem" width="70%" />
        ) : null}
      </header>
      {data ? <RoomState room={data} /> : room.isError ? <PageLoadError /> : <Skeleton height="16rem" />}
    </div>
  );
}
