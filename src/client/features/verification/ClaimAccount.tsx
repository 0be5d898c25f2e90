/**
 * The first-time screens (/app/first-time-user, /app/first-time-amd-user): a person whose account someone
 * else started opens the invitation mail's link (?claimToken=). They choose their language (the page opens
 * in it at once, so the rest reads in it) and time zone (the device's suggested), and confirm who they are
 * against the record (POST /auth/claim-account: the date of birth; a scheduling-system record also its last
 * name and zip code). The server signs them in and returns here without the link, where the sessions booked
 * for them and the consents left to sign show, each consent opening the verification steps.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import claimAccountForm from '@/generated/forms/claim-account';
import claimSchedulingForm from '@/generated/forms/claim-scheduling-record';
import type { FormDefinition } from '@/generated/types';
import { routeById } from '@/generated/routes';
import { useClaimAccountMutation, useListAppointmentsQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { activeLocale, LOCALES, localizedPath, type Locale } from '@/domain/locale';
import { formatSessionTime, viewerTimeZone, zoneChoices } from '@/domain/date-format';
import { consentToSign } from '@/domain/consents';
import { todayIso } from '@/domain/dates';
import { fullName, providerDisplayName } from '@/domain/names';
import { routeTitle } from '@/domain/translations';
import { errorTextFor } from '@/client/api/errors';
import { usePatients } from '@/client/api/account-queries';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthStatus, selectUser, signedIn } from '@/client/store/auth/slice';
import { ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Skeleton } from '@/client/ui/Skeleton';
import { stepPath } from './steps';

export type ClaimKind = 'account' | 'scheduling-record';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,100}$/;

interface Identity {
  dateOfBirth: string;
  lastName?: string;
  zipcode?: string;
}

/** The same page in another language (its path under the language's prefix, the link kept), loaded anew. */
function openIn(locale: Locale): void {
  const { pathname, search } = window.location;
  window.location.assign(`${localizedPath(pathname, locale)}${search}`);
}

function ClaimForm({ kind, claimToken }: { kind: ClaimKind; claimToken: string }) {
  const dispatch = useAppDispatch();
  const page = activeLocale();
  const device = viewerTimeZone();
  const [zone, setZone] = useState(device);
  const claim = useClaimAccountMutation({
    // The session answers with this screen (without the link) to return to, in the person's language.
    onSuccess: (session) => dispatch(signedIn(session)),
  });
  return (
    <>
      <p>{message(kind === 'scheduling-record' ? 'ui.firstTime.amdIntro' : 'ui.firstTime.intro')}</p>
      <fieldset className="stack-sm">
        <legend>{message('ui.firstTime.languageLegend')}</legend>
        {LOCALES.map((l) => (
          <label key={l.tag} className="choice-row">
            <input type="radio" name="language" value={l.tag} checked={page === l.tag} onChange={() => openIn(l.tag)} />
            <span lang={l.tag}>{l.name}</span>
          </label>
        ))}
      </fieldset>
      <div className="stack-sm">
        <label htmlFor="first-time-zone">{message('ui.firstTime.zoneLabel')}</label>
        <select id="first-time-zone" className="select" value={zone} onChange={(e) => setZone(e.target.value)} aria-describedby="first-time-zone-hint">
          {zoneChoices([device]).map((c) => (
            <option key={c.zone} value={c.zone}>
              {c.label}
            </option>
          ))}
        </select>
        <p id="first-time-zone-hint" className="muted">
          {message('ui.firstTime.zoneHint')}
        </p>
      </div>
      <h2>{message('ui.firstTime.identityHeading')}</h2>
      <ErrorNotice text={claim.error ? errorTextFor(claim.error, 'patient_web') : undefined} />
      <SpecForm<Identity>
        form={(kind === 'scheduling-record' ? claimSchedulingForm : claimAccountForm) as FormDefinition}
        idPrefix="claim"
        submitting={claim.isPending}
        onSubmit={(identity) => claim.mutate({ body: { claimToken, ...identity, language: page, timeZone: zone } })}
      />
    </>
  );
}

/** What the person finds on their new account: the sessions booked for them and the consents left to sign. */
function AccountReady({ firstName }: { firstName: string }) {
  const sessions = useListAppointmentsQuery({ query: { when: 'upcoming' } }, { select: (answer) => answer.items });
  const patients = usePatients();
  const today = todayIso();
  // Consents staff recorded on the call are the person's to sign now that the account is theirs.
  const unsigned = (patients.data ?? []).filter((p) => consentToSign(p, today));
  const failed = sessions.error ?? patients.error;
  return (
    <>
      <h2>{message('ui.firstTime.readyHeading', { name: firstName })}</h2>
      {failed ? <ErrorNotice text={errorTextFor(failed, 'patient_web', 'PAGE_LOAD')} /> : null}
      <section className="stack-sm" aria-labelledby="first-time-booked">
        <h3 id="first-time-booked">{message('ui.firstTime.booked')}</h3>
        {sessions.isPending ? (
          <Skeleton height="4rem" label={message('ui.firstTime.booked')} />
        ) : sessions.data?.length ? (
          <ul className="item-list">
            {sessions.data.map((s) => (
              <li key={s.id} className="item">
                <p className="item__title">{providerDisplayName(s.provider)}</p>
                <p className="item__meta">{formatSessionTime(s.start, s.timeZone ?? s.provider.timeZone)}</p>
                <p className="item__meta">{s.patients.map(fullName).join(', ')}</p>
              </li>
            ))}
          </ul>
        ) : sessions.data ? (
          <p>{message('ui.firstTime.noneBooked')}</p>
        ) : null}
      </section>
      <section className="stack-sm" aria-labelledby="first-time-pending">
        <h3 id="first-time-pending">{message('ui.firstTime.pending')}</h3>
        {patients.isPending ? (
          <Skeleton height="3rem" label={message('ui.firstTime.pending')} />
        ) : unsigned.length ? (
          <ul className="item-list">
            {unsigned.map((p) => (
              <li key={p.id} className="item">
                <p>{message('ui.patient.consentNeeded', { patient: fullName(p) })}</p>
                <ButtonLink to={stepPath('verifyUserConsent', p.id)}>{message('ui.patient.home.signConsent')}</ButtonLink>
              </li>
            ))}
          </ul>
        ) : patients.data ? (
          <p>{message('ui.firstTime.nothingPending')}</p>
        ) : null}
      </section>
      <div>
        <ButtonLink variant="secondary" to={routeById.patientHome.path}>
          {message('ui.firstTime.toDashboard')}
        </ButtonLink>
      </div>
    </>
  );
}

export function ClaimAccount({ kind }: { kind: ClaimKind }) {
  const [params] = useSearchParams();
  const raw = params.get('claimToken');
  const claimToken = raw && TOKEN_PATTERN.test(raw) ? raw : undefined;
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const route = kind === 'scheduling-record' ? 'firstTimeAmdUser' : 'firstTimeUser';
  return (
    <div className="section">
      <div className="container form-card stack">
        <h1>{routeTitle(route)}</h1>
        {claimToken ? (
          <ClaimForm kind={kind} claimToken={claimToken} />
        ) : status === 'loading' ? (
          <Skeleton height="8rem" label={routeTitle(route)} />
        ) : status === 'authenticated' && user ? (
          <AccountReady firstName={user.firstName} />
        ) : (
          <>
            <p>{message('ui.firstTime.noToken')}</p>
            <div>
              <ButtonLink to={routeById.login.path}>{message('ui.firstTime.signIn')}</ButtonLink>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
