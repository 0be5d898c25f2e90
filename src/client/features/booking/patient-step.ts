/**
 * The patient-information step's state and what it does, apart from how it looks: who of the account
 * (and who was added) attends, whose consent is signed, the consent text for them, the responsible
 * party's starting answers, and finishing the step (checks, then the selection, the responsible party
 * and the consents into the store, then the next step).
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Relationship } from '@/generated/enums';
import type { ResponsibleParty } from '@/generated/entities';
import { useGetConsentTemplateQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { hasCrisisWords } from '@/domain/crisis';
import { guardianConsentText } from '@/domain/consents';
import { isMinor } from '@/domain/minor';
import { todayIso } from '@/domain/dates';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAudience, selectAuth } from '@/client/store/auth/slice';
import { bookingHelperUpdated, bookingSelectionUpdated, selectBookingHelper, selectBookingRequest, selectBookingSelection } from '@/client/store/booking/slice';
import { consentPatientsUpdated, consentSigned } from '@/client/store/consent/slice';
import type { BookingPatient } from '@/client/store/types';
import { useAccountDetails, useAccountPatients, useBookingVariant } from './data';
import { useBookingChoice } from './choice';
import { nextStepPath } from './flow';
import { fromAccount, fullName, needsConsent, needsResponsibleParty, patientKey, withConsent } from './patients';

function toggled(set: Set<string>, key: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

export function usePatientStep() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const variant = useBookingVariant();
  const choice = useBookingChoice();
  const { search } = choice;
  const auth = useAppSelector(selectAuth);
  const audience = useAppSelector(selectAudience);
  const helper = useAppSelector(selectBookingHelper);
  const selection = useAppSelector(selectBookingSelection);
  const request = useAppSelector(selectBookingRequest);
  const today = todayIso();
  const skipUser = helper.skipEmailUserDetails as { id?: string } | undefined;
  const userId = variant === 'support' ? (search.get('userId') ?? undefined) : (auth.user?.id ?? skipUser?.id);
  const accountPatients = useAccountPatients(userId, variant);
  const account = useAccountDetails(userId);

  const added = helper.allPatients.filter((p) => !p.isExisting);
  const everyone = useMemo(() => [...(accountPatients.data ?? []).map(fromAccount), ...added], [accountPatients.data, added]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(selection.selectedPatients.map(patientKey)));
  const [signed, setSigned] = useState<Set<string>>(
    () => new Set(selection.selectedPatients.filter((p) => p.consents?.every((c) => c.isConsentProvided)).map(patientKey)),
  );
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [tried, setTried] = useState(false);
  const [reason, setReason] = useState(helper.reason ?? '');
  // Crisis words in the reason show the crisis screen before payment (the one crisis rule, src/domain/crisis.ts), then the booking goes on.
  const [crisisScreen, setCrisisScreen] = useState<'not yet' | 'showing' | 'seen'>('not yet');

  // An account with nobody on it yet shows the form open (its first patient is Self).
  const showAddForm = adding || ((accountPatients.isSuccess || !userId) && everyone.length === 0);
  const selected = everyone.filter((p) => chosen.has(patientKey(p)));
  const consenting = selected.filter((p) => needsConsent(p, today));
  const minorAttends = selected.some((p) => needsResponsibleParty(p, today));
  const consentIds = consenting.map((p) => p.id).filter((id): id is string => Boolean(id));
  const consentQuery = useGetConsentTemplateQuery(
    { query: consentIds.length ? { patientIds: consentIds } : { patientName: consenting[0] ? fullName(consenting[0]) : undefined } },
    { enabled: consenting.length > 0 },
  );

  const choose = (key: string, on: boolean) => setChosen((c) => toggled(c, key, on));
  const sign = (key: string, on: boolean) => setSigned((s) => toggled(s, key, on));

  const addPatient = (person: BookingPatient) => {
    const patient: BookingPatient = { ...person, isExisting: false };
    dispatch(bookingHelperUpdated({ allPatients: [...helper.allPatients.filter((p) => patientKey(p) !== patientKey(patient)), patient] }));
    choose(patientKey(patient), true);
    setAdding(false);
  };

  const consentLabel = (p: BookingPatient) =>
    isMinor(p.dateOfBirth, today) || needsResponsibleParty(p, today) ? guardianConsentText(p) : message('ui.booking.consent.self', { patient: fullName(p) });
  const unsigned = consenting.filter((p) => !signed.has(patientKey(p)));

  const finish = (responsibleParty?: ResponsibleParty) => {
    setTried(true);
    if (!selected.length) {
      setProblem(message('ui.booking.patients.noneChosen'));
      return;
    }
    if (unsigned.length) {
      setProblem(message('ui.booking.consent.required', { patient: fullName(unsigned[0]!) }));
      return;
    }
    setProblem(undefined);
    const patients = selected.map((p) => (needsConsent(p, today) ? withConsent(p, audience) : p));
    dispatch(bookingSelectionUpdated({ selectedPatients: patients }));
    dispatch(
      bookingHelperUpdated({ responsibleParty: minorAttends ? responsibleParty : undefined, dropdownPatients: everyone, reason: reason.trim() || undefined }),
    );
    dispatch(consentPatientsUpdated(patients.filter((p) => needsConsent(p, today))));
    dispatch(consentSigned(true));
    if (hasCrisisWords(reason) && crisisScreen !== 'seen') {
      setCrisisScreen('showing'); // its heading takes focus, which brings it into view
      return;
    }
    goOn();
  };
  const goOn = () => {
    const next = nextStepPath('patient-information', variant, search);
    if (next) void navigate(next);
  };
  const crisisSeen = () => {
    setCrisisScreen('seen');
    goOn();
  };

  const otherRelationships = everyone.map((p) => p.relationship).filter(Boolean) as Relationship[];
  const holder = account.data;
  const rpInitial: Partial<ResponsibleParty> =
    helper.responsibleParty ??
    (holder && !isMinor(holder.dateOfBirth, today)
      ? {
          firstName: holder.firstName,
          lastName: holder.lastName,
          email: holder.email,
          ...(holder.dateOfBirth ? { dob: holder.dateOfBirth } : {}),
          ...(holder.address ? { address: { ...holder.address, country: holder.address.country ?? 'US' } } : {}),
        }
      : {});

  return {
    variant,
    choice,
    search,
    helper,
    request,
    today,
    userId,
    accountPatients,
    holder,
    everyone,
    chosen,
    signed,
    choose,
    sign,
    adding,
    setAdding,
    problem,
    tried,
    showAddForm,
    selected,
    consenting,
    minorAttends,
    consentQuery,
    addPatient,
    consentLabel,
    finish,
    otherRelationships,
    rpInitial,
    reason,
    setReason,
    crisisShowing: crisisScreen === 'showing',
    crisisSeen,
  };
}
