/**
 * Every endpoint that is not open to anyone, called by every role on someone else's record: the
 * answer follows the endpoint's access list (401 signed out, 403 wrong role) and record ownership
 * (404 for a record the caller may not reach, exactly as for one that does not exist), and every
 * refusal leaves an audit row. Then each role's own records.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { endpoints, type EndpointId } from '@/generated/api';
import { mayAccess, reachesEveryAccount } from '@/domain/permissions';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { issueEstimate } from '@/server/billing/good-faith-estimate';
import { startTestApp, type TestApp } from '../support/app';
import { auditRows, callerFor, type TestCaller } from '../support/sessions';
import { bookingRequests, prepareBookingTarget, reachedAnswers, recordFreeEndpoints, type BookingTarget } from '../support/booking-access';

interface Target {
  userId: string;
  email: string;
  partnerId: string;
  booking: BookingTarget;
}

/** Records of the stranger's patient, for the patient, insurance and document endpoints. */
const records = {
  recordExportId: '',
  redAlertId: '',
  accessReportId: '',
  clinicalAlertId: '',
  discrepancyId: '',
  calendarProviderId: '',
  patientId: '',
  insuranceId: '',
  documentId: '',
  inquiryId: '',
  providerId: '',
  practiceId: '',
  referrerEhrId: '',
  ehrId: '',
  appointmentId: '',
  estimateNumber: '',
  paymentId: '',
  carrierCode: '',
  planId: 0,
  removable: [] as string[],
  providerRequestId: '',
  referralId: '',
  referralReceiverId: '',
  removableProviderId: '',
  threadId: '',
  waitlistEntryId: '',
  waitlistOfferId: '',
  /** an audit row about the stranger's patient, for reporting an entry of "Who looked at my record" */
  auditEntryId: '',
};

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
function multipartUpload(): Pick<InjectOptions, 'payload' | 'headers'> {
  const b = 'matrix-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

/**
 * Endpoints about no one's record: every caller their access list allows gets an answer (active
 * insurance answers only what the caller reaches; a clinician's schedule is their own, whatever
 * provider_id header they send, and only super-admins may name another provider).
 */
const withoutRecord: ReadonlySet<string> = new Set<EndpointId>([
  'getPatientNoteTypes',
  'getActiveInsurance',
  'getCareSchedule',
  'getCareAvailability',
  'saveCareAvailability',
  'saveCareNewClients',
  'getCareCalendar',
  'createUser',
  'inviteSchedulingSystemPatient',
  'userExists',
  'listDeadLetters',
  'listInsuranceVerifications',
  'getFrontDeskAgenda',
  'listCareClients',
  'getMbcDashboard',
  'searchSupportSessions',
  'listMoneyDiscrepancies',
  'resolveMoneyDiscrepancy',
  'retryDeadLetter',
  'listRedAlerts',
  'listSyncAttempts',
  'listRecordAccessReports',
  'getFrontDeskTasks',
  // The front-desk hand-over: the matrix's sessions are never handed over (a patient not on the session is refused
  // before the session is scoped), so every staff role is told there is none; a partner agent's home is their own.
  'startFrontDeskHandOver',
  'getFrontDeskHandOver',
  'endFrontDeskHandOver',
  'getPartnerAgentHome',
  // A clinician's requests are their own provider's; an RCD decides any provider's request.
  'getCareNena',
  'createProviderRequest',
  'listMyProviderRequests',
  'listRcdProviderRequests',
  'decideProviderRequest',
  // Each side's own list of message threads.
  'listCareThreads',
  'listPatientThreads',
  // The clinicians the caller's own patients may write to.
  'listPatientMessageContacts',
  // A clinician's referrals list is their own provider's, sent and received.
  'listReferrals',
  // A reminder link names no record: a token that is not the caller's answers valid false.
  'useReminderLink',
  // "Who looked at my record" is the caller's own account's.
  'listRecordAccess',
  // A clinician's calendar feed is their own provider's.
  'getCareCalendarFeed',
  'createCareCalendarFeed',
  'revokeCareCalendarFeed',
  // Asking for one's own record export names no one else's record.
  'requestRecordExport',
]);

/**
 * Answers past the access checks for requests about records that do not exist here. An offer that has ended
 * answers WAITLIST_OFFER_CLOSED to everyone who may reach it.
 */
const answers: Partial<Record<EndpointId, number>> = {
  ...reachedAnswers,
  retryDeadLetter: 404,
  retryRedAlert: 409,
  resolveRedAlert: 400,
  // A blank note: whoever reaches the report is told the note is required, and it stays open for the next role.
  resolveRecordAccessReport: 400,
  // A blank note: whoever reaches the alert is told the note is required, and the alert stays open for the next role.
  resolveCareAlert: 400,
  declineWaitlistOffer: 409,
  startFrontDeskHandOver: 404,
  getFrontDeskHandOver: 404,
  endFrontDeskHandOver: 404,
};

let madeAccounts = 0;

/** Endpoints only the account holder reaches, staff included (confirming a new e-mail needs its holder). */
const holderOnly: ReadonlySet<string> = new Set<EndpointId>([
  'confirmEmailChange',
  // An exported record downloads only for the account holder who asked for it.
  'getRecordExport',
  'downloadRecordExportBundle',
  'downloadRecordExportPdf',
]);

/** A valid request of each endpoint against a target; every endpoint behind a sign-in needs one here. */
const requestOf: Partial<Record<EndpointId, (t: Target) => InjectOptions>> = {
  getUserDetails: (t) => ({ method: 'GET', url: `/api/users/${t.userId}/details` }),
  getUserBilling: (t) => ({ method: 'GET', url: `/api/users/billing?userId=${t.userId}` }),
  updateUserBilling: (t) => ({
    method: 'PUT',
    url: `/api/users/billing?userId=${t.userId}`,
    payload: { firstName: 'Matrix', lastName: 'Payer', address: { line1: '1 Main St', city: 'Columbus', state: 'OH', zipcode: '43215', country: 'US' } },
  }),
  getUserPatients: (t) => ({ method: 'GET', url: `/api/users/patients?userId=${t.userId}` }),
  // Staff only: a visitor signs up through a confirmed code (verify first), and nobody anonymous learns whether an address has an account.
  createUser: () => ({
    method: 'POST',
    url: '/api/users/create',
    payload: { email: `matrix.made.${(madeAccounts += 1)}@example.com`, firstName: 'Matrix', lastName: 'Made', dateOfBirth: '1980-01-01' },
  }),
  inviteSchedulingSystemPatient: () => {
    madeAccounts += 1;
    return {
      method: 'POST',
      url: '/api/users/create-from-scheduling-system',
      payload: {
        ehrId: `AMD-MATRIX-${madeAccounts}`,
        email: `matrix.record.${madeAccounts}@example.com`,
        firstName: 'Matrix',
        lastName: 'Record',
        dateOfBirth: '1980-01-01',
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701' },
      },
    };
  },
  userExists: (t) => ({ method: 'GET', url: `/api/users/exists?email=${encodeURIComponent(t.email)}` }),
  updateUser: (t) => ({ method: 'PATCH', url: `/api/users/${t.userId}`, payload: { lastName: 'Changed' } }),
  getReminderPreferences: (t) => ({ method: 'GET', url: `/api/users/${t.userId}/reminder-preferences` }),
  updateReminderPreferences: (t) => ({ method: 'PUT', url: `/api/users/${t.userId}/reminder-preferences`, payload: { email: true, sms: false } }),
  useReminderLink: () => ({ method: 'POST', url: '/api/reminder-links/use', payload: { token: 'not-a-reminder-link-token' } }),
  confirmEmailChange: (t) => ({ method: 'POST', url: `/api/users/${t.userId}/confirm-email`, payload: { code: '123456' } }),
  getSupportUser: (t) => ({ method: 'GET', url: `/api/support/users/${t.userId}` }),
  listDeadLetters: () => ({ method: 'GET', url: '/api/jobs/dead-letters' }),
  // No job is dead-lettered here: a caller the access list allows is told NOT_FOUND (jobs.int.test.ts retries a real one).
  retryDeadLetter: () => ({ method: 'POST', url: '/api/jobs/dead-letters/00000000-0000-4000-8000-000000000000/retry' }),
  getCareSchedule: () => ({ method: 'GET', url: '/api/care/schedule', headers: { provider_id: records.providerId } }),
  // A clinician's own availability and calendar; super-admins name a provider no other request books with.
  getCareAvailability: () => ({ method: 'GET', url: '/api/care/availability', headers: { provider_id: records.calendarProviderId } }),
  // Taking new clients, as the seed has them: search is the same after as before.
  saveCareNewClients: () => ({
    method: 'PUT',
    url: '/api/care/new-clients',
    headers: { provider_id: records.calendarProviderId },
    payload: { acceptingNewPatients: true },
  }),
  saveCareAvailability: () => ({
    method: 'PUT',
    url: '/api/care/availability?removePracticeTimes=100000',
    headers: { provider_id: records.calendarProviderId },
    payload: {
      timeZone: 'America/New_York',
      slotMinutes: 60,
      bufferMinutes: 0,
      minNoticeHours: 24,
      windows: [],
      exceptions: [{ kind: 'blocked', date: '2030-01-01' }],
    },
  }),
  listCareClients: () => ({ method: 'GET', url: '/api/care/clients?q=e', headers: { provider_id: records.calendarProviderId } }),
  // The stranger's patient is a client of records.providerId (their appointment): super-admins name it; a clinician has their own provider.
  getCareClient: () => ({ method: 'GET', url: `/api/care/clients/${records.patientId}`, headers: { provider_id: records.providerId } }),
  getMbcDashboard: () => ({ method: 'GET', url: '/api/care/mbc', headers: { provider_id: records.calendarProviderId } }),
  resolveCareAlert: () => ({
    method: 'POST',
    url: `/api/care/alerts/${records.clinicalAlertId}/resolve`,
    headers: { provider_id: records.providerId },
    payload: { version: 1, note: ' ' },
  }),
  listPatientMeasures: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/measures` }),
  getPatientIntake: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/intake` }),
  submitPatientIntake: () => ({
    method: 'POST',
    url: `/api/patients/${records.patientId}/intake`,
    payload: { answers: { reason: 'Matrix', priorCare: 'never', medication: 'no' }, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 0], gad7: [0, 0, 0, 0, 0, 0, 0] },
  }),
  submitPatientMeasure: () => ({
    method: 'POST',
    url: `/api/patients/${records.patientId}/measures`,
    payload: { instrument: 'gad7', answers: [1, 1, 1, 1, 1, 1, 1] },
  }),
  raisePatientCrisisAlert: () => ({
    method: 'POST',
    url: `/api/patients/${records.patientId}/crisis-alerts`,
    payload: { cause: 'checkInItemNine', crisisKey: randomUUID() },
  }),
  createProviderRequest: () => ({ method: 'POST', url: '/api/care/provider-requests', payload: { kind: 'profile_change', description: 'New photo' } }),
  listMyProviderRequests: () => ({ method: 'GET', url: '/api/care/provider-requests' }),
  listRcdProviderRequests: () => ({ method: 'GET', url: '/api/rcd/provider-requests?state=open' }),
  decideProviderRequest: () => ({
    method: 'POST',
    url: `/api/rcd/provider-requests/${records.providerRequestId}/decision`,
    payload: { decision: 'approve', reason: 'Fine', version: 1 },
  }),
  getCareNena: () => ({ method: 'GET', url: '/api/care/nena' }),
  // The stranger's patient and thread are records.providerId's: the demo clinician and patient take part in neither.
  listCareThreads: () => ({ method: 'GET', url: '/api/care/messages' }),
  startCareThread: () => ({ method: 'POST', url: '/api/care/messages', payload: { patientId: records.patientId } }),
  getCareThread: () => ({ method: 'GET', url: `/api/care/messages/${records.threadId}` }),
  sendCareMessage: () => ({ method: 'POST', url: `/api/care/messages/${records.threadId}`, payload: { text: 'Hello' } }),
  listPatientThreads: () => ({ method: 'GET', url: '/api/patients/messages' }),
  listPatientMessageContacts: () => ({ method: 'GET', url: '/api/patients/messages/contacts' }),
  // The stranger's patient is records.providerId's client, but of another account: nobody else opens their thread.
  startPatientThread: () => ({ method: 'POST', url: '/api/patients/messages', payload: { patientId: records.patientId, providerId: records.providerId } }),
  getPatientThread: () => ({ method: 'GET', url: `/api/patients/messages/${records.threadId}` }),
  sendPatientMessage: () => ({ method: 'POST', url: `/api/patients/messages/${records.threadId}`, payload: { text: 'Hello' } }),
  listReferrals: () => ({ method: 'GET', url: '/api/care/referrals' }),
  makeReferral: () => ({
    method: 'POST',
    url: '/api/care/referrals',
    payload: {
      patientId: records.patientId,
      toProviderId: records.referralReceiverId,
      form: {
        personalInformation: { gender: 'Female', memberId: '1234' },
        referralInformation: { referralReason: 'Specialist care', effectiveDate: '2099-01-01', expirationDate: '2099-12-31', insuranceCarrier: 'Aetna' },
        authorizationInformation: { authorizationNumber: 'A-1', authorizationDescription: 'Six sessions' },
      },
    },
  }),
  decideReferral: () => ({ method: 'POST', url: `/api/care/referrals/${records.referralId}/decision`, payload: { decision: 'accept', version: 1 } }),
  listAdminProviders: () => ({ method: 'GET', url: '/api/care/admin/providers?q=a' }),
  getAdminProvider: () => ({ method: 'GET', url: `/api/care/admin/providers/${records.calendarProviderId}` }),
  updateAdminProvider: () => ({
    method: 'PUT',
    url: `/api/care/admin/providers/${records.removableProviderId}`,
    payload: {
      about: 'About.',
      aboutLocale: 'en-US',
      title: 'MD',
      filterIds: [],
      licensedStates: ['OH'],
      practiceId: records.practiceId,
      payIndividual: 100,
      payFollowUp: null,
    },
  }),
  // Only the clinical admin may remove: a prescriber no other request of this matrix books with or signs in as.
  removeAdminProvider: () => ({
    method: 'POST',
    url: `/api/care/admin/providers/${records.removableProviderId}/remove`,
    payload: { reason: 'Provider Deleted' },
  }),
  getCareCalendar: () => ({ method: 'GET', url: '/api/care/calendar?days=7', headers: { provider_id: records.calendarProviderId } }),
  getSupportSession: () => ({ method: 'GET', url: `/api/support/sessions/${records.appointmentId}` }),
  resendSessionConfirmation: () => ({ method: 'POST', url: `/api/support/sessions/${records.appointmentId}/resend-confirmation` }),
  searchSupportSessions: () => ({ method: 'GET', url: '/api/support/sessions?name=Someone' }),
  listInsuranceVerifications: () => ({ method: 'GET', url: '/api/support/insurance-verification' }),
  listRedAlerts: () => ({ method: 'GET', url: '/api/support/red-alerts' }),
  listSyncAttempts: () => ({ method: 'GET', url: '/api/support/sync-audit?resourceType=Patient' }),
  // A red alert that is not a failed delivery: the retry reaches it and is refused (409); a blank note is refused (400).
  retryRedAlert: () => ({ method: 'POST', url: `/api/support/red-alerts/${records.redAlertId}/retry`, payload: { version: 1 } }),
  resolveRedAlert: () => ({ method: 'POST', url: `/api/support/red-alerts/${records.redAlertId}/resolve`, payload: { version: 1, note: ' ' } }),
  listRecordAccessReports: () => ({ method: 'GET', url: '/api/support/record-access-reports' }),
  resolveRecordAccessReport: () => ({
    method: 'POST',
    url: `/api/support/record-access-reports/${records.accessReportId}/resolve`,
    payload: { version: 1, note: ' ' },
  }),
  getFrontDeskTasks: () => ({ method: 'GET', url: `/api/front-desk/tasks?practiceId=${records.practiceId}&days=2` }),
  getFrontDeskAgenda: () => ({ method: 'GET', url: `/api/front-desk/agenda?practiceId=${records.practiceId}&date=2026-11-24` }),
  checkInPatient: () => ({ method: 'POST', url: `/api/front-desk/appointments/${records.appointmentId}/check-in`, payload: { patientId: records.patientId } }),
  frontDeskPatientAuth: () => ({ method: 'POST', url: '/api/front-desk/patient-auth', payload: { patientId: records.patientId, dateOfBirth: '1980-01-01' } }),
  // Someone who is not on the session: refused before the caller's session is handed over.
  startFrontDeskHandOver: () => ({
    method: 'POST',
    url: '/api/front-desk/hand-over',
    payload: { appointmentId: records.appointmentId, patientId: '00000000-0000-4000-8000-000000000000' },
  }),
  getFrontDeskHandOver: () => ({ method: 'GET', url: '/api/front-desk/hand-over' }),
  endFrontDeskHandOver: () => ({ method: 'POST', url: '/api/front-desk/hand-over/end', payload: { otp: '123456' } }),
  getPartnerAgentHome: () => ({ method: 'GET', url: '/api/business-partners/mine' }),
  allowBookingFlow: (t) => ({ method: 'GET', url: `/api/support/users/${t.userId}/allow-booking-flow?email=${encodeURIComponent(t.email)}` }),
  searchReferringProviders: (t) => ({ method: 'GET', url: `/api/providers/referring/search/${t.partnerId}` }),
  listPatients: (t) => ({ method: 'GET', url: `/api/patients?userId=${t.userId}` }),
  getPatientCareStatus: () => ({ method: 'GET', url: `/api/patients/care-status?patientIds[]=${records.patientId}` }),
  getAssociatedProviders: () => ({ method: 'GET', url: `/api/patients/associated-providers?patientId=${records.patientId}` }),
  getPatientNoteTypes: () => ({ method: 'GET', url: '/api/patients/note-types' }),
  savePatientNote: () => ({
    method: 'POST',
    url: '/api/patients/save-note',
    payload: { patientId: records.patientId, noteType: 'general', text: 'Called back.' },
  }),
  listPatientNotes: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/notes` }),
  getPatient: () => ({ method: 'GET', url: `/api/patients/${records.patientId}` }),
  verifyPatientDateOfBirth: () => ({ method: 'POST', url: `/api/patients/${records.patientId}/verify-date-of-birth`, payload: { dob: '1990-01-01' } }),
  updatePatient: () => ({ method: 'PUT', url: `/api/patients/${records.patientId}`, payload: { lastName: 'Changed' } }),
  listPatientAuthorizations: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/authorizations` }),
  savePatientAuthorization: () => ({
    method: 'POST',
    url: `/api/patients/${records.patientId}/authorizations`,
    payload: {
      referralInformation: {
        referringProviderEhrId: records.referrerEhrId,
        referralReason: 'Referral',
        effectiveDate: '2020-01-01',
        expirationDate: '2099-01-01',
      },
      authorizationInformation: { authorizationNumber: 'A1', authorizationDescription: 'Sessions' },
    },
  }),
  uploadPatientDocument: () => ({ method: 'POST', url: `/api/patients/${records.patientId}/documents`, ...multipartUpload() }),
  listPatientDocuments: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/documents` }),
  downloadPatientDocument: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/documents/${records.documentId}/download` }),
  getSupportPatient: () => ({ method: 'GET', url: `/api/support/patients/${records.patientId}` }),
  updateSupportPatient: () => ({ method: 'PUT', url: `/api/support/patients/${records.patientId}`, payload: { firstName: 'Changed' } }),
  getActiveInsurance: () => ({ method: 'GET', url: '/api/patients/active-insurance?patientEhrId[]=P1&licenseKey=K' }),
  listPatientInsurances: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/insurances` }),
  addPatientInsurance: () => ({
    method: 'POST',
    url: `/api/patients/${records.patientId}/insurances`,
    payload: { carrierCode: records.carrierCode, planId: records.planId, memberId: 'M-1' },
  }),
  updatePatientInsurance: () => ({
    method: 'PUT',
    url: `/api/patients/${records.patientId}/insurances/${records.insuranceId}`,
    payload: { carrierCode: records.carrierCode, planId: records.planId, memberId: 'M-0' },
  }),
  // Each call removes another insurance, so every caller's answer is about one still on file.
  removePatientInsurance: () => ({ method: 'DELETE', url: `/api/patients/${records.patientId}/insurances/${records.removable.pop()}` }),
  validateInsurance: () => ({
    method: 'GET',
    url: `/api/insurance-inquiry/validate/patient/${records.patientId}/insurance/${records.insuranceId}/provider/${records.providerId}/practice/${records.practiceId}`,
  }),
  getBillingHistory: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/billing-history` }),
  getBillingTransaction: () => ({ method: 'GET', url: `/api/patients/${records.patientId}/billing-history/${records.paymentId}` }),
  listPaymentReceipts: () => ({ method: 'GET', url: `/api/payment-receipts?responsiblePartyEhrId=${records.ehrId}` }),
  listGoodFaithEstimates: () => ({ method: 'GET', url: `/api/good-faith-estimates?responsiblePartyEhrId=${records.ehrId}` }),
  downloadGoodFaithEstimate: () => ({
    method: 'GET',
    url: `/api/good-faith-estimates/${records.estimateNumber}/download?responsiblePartyEhrId=${records.ehrId}`,
  }),
  requestRecordExport: () => ({ method: 'POST', url: '/api/record-exports' }),
  getRecordExport: () => ({ method: 'GET', url: `/api/record-exports/${records.recordExportId}` }),
  downloadRecordExportBundle: () => ({ method: 'GET', url: `/api/record-exports/${records.recordExportId}/bundle` }),
  downloadRecordExportPdf: () => ({ method: 'GET', url: `/api/record-exports/${records.recordExportId}/pdf` }),
  downloadPaymentReceipt: () => ({ method: 'GET', url: `/api/payment-receipts/${records.paymentId}/download` }),
  downloadBillingStatement: () => ({
    method: 'GET',
    url: `/api/users/download-billing-statement?patientId=${records.patientId}&ehrVisitId=${records.appointmentId}`,
  }),
  chooseInsuranceDecision: () => ({ method: 'POST', url: `/api/insurance-inquiry/${records.inquiryId}/choose-decision`, payload: { decision: 'selfPay' } }),
  // A cent at a time, so every staff role that may refund has something left to refund.
  getVisitRoom: () => ({ method: 'GET', url: `/api/visits/${records.appointmentId}` }),
  refundPayment: () => ({
    method: 'POST',
    url: `/api/payments/${records.paymentId}/refund`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { amountCents: 1, reason: 'matrix' },
  }),
  // The stranger's self-pay session (records.appointmentId, priced): its Good Faith Estimate.
  getGoodFaithEstimate: () => ({ method: 'GET', url: `/api/appointments/${records.appointmentId}/good-faith-estimate` }),
  getAppointmentCalendar: () => ({ method: 'GET', url: `/api/appointments/${records.appointmentId}/calendar` }),
  listMoneyDiscrepancies: () => ({ method: 'GET', url: '/api/payments/discrepancies' }),
  // Resolving an alert again answers it as it is: every staff caller allowed gets 200.
  resolveMoneyDiscrepancy: () => ({ method: 'POST', url: `/api/payments/discrepancies/${records.discrepancyId}/resolve` }),
  // The stranger's search waitlist place (records.waitlistEntryId) and an offer made from it that has ended.
  getCareCalendarFeed: () => ({ method: 'GET', url: '/api/care/calendar-feed' }),
  createCareCalendarFeed: () => ({ method: 'POST', url: '/api/care/calendar-feed' }),
  revokeCareCalendarFeed: () => ({ method: 'DELETE', url: '/api/care/calendar-feed' }),
  joinWaitlist: (t) => ({ method: 'POST', url: '/api/waitlist', payload: { userId: t.userId, stateCode: 'TX' } }),
  listWaitlist: (t) => ({ method: 'GET', url: `/api/waitlist?userId=${t.userId}` }),
  listRecordAccess: () => ({ method: 'GET', url: '/api/patients/record-access' }),
  reportRecordAccess: () => ({ method: 'POST', url: `/api/patients/record-access/${records.auditEntryId}/report`, payload: {} }),
  leaveWaitlist: () => ({ method: 'DELETE', url: `/api/waitlist/${records.waitlistEntryId}` }),
  declineWaitlistOffer: () => ({ method: 'POST', url: `/api/waitlist/offers/${records.waitlistOfferId}/decline` }),
  ...Object.fromEntries(Object.entries(bookingRequests).map(([id, request]) => [id, (t: Target) => request(t.booking)])),
};

/**
 * Sign-out is about the caller's own session, not anyone's record, and would end the sessions the
 * rest of this matrix signs in with: tests/integration/sessions.test.ts covers it.
 */
const ownSessionOnly: ReadonlySet<string> = new Set<EndpointId>(['signOut']);
const guarded = (Object.values(endpoints) as (typeof endpoints)[EndpointId][]).filter((e) => !e.access.includes('anyone') && !ownSessionOnly.has(e.id));

let t: TestApp;
let callers: Map<string, TestCaller>;
let stranger: Target;
let partners: Map<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  callers = new Map();
  for (const a of demoAccounts) callers.set(a.role, await callerFor(t.app, a.email));
  partners = new Map(
    (await t.db.database.query<{ id: string; partnership_code: string }>('SELECT id, partnership_code::text FROM business_partners')).map((p) => [
      p.partnership_code,
      p.id,
    ]),
  );
  const [user] = await t.db.database.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ('someone.else@example.com', 'Someone', 'Else', 'patient', '{patient}') RETURNING id",
  );
  // A partner no demo agent works for.
  const db = t.db.database;
  const [patient] = await db.query<{ id: string }>(
    "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Someone', 'Else', '1980-01-01', 'Self') RETURNING id",
    [user!.id],
  );
  records.patientId = patient!.id;
  const [plan] = await db.query<{ id: number; carrier_id: number; code: string }>(
    'SELECT pl.id, pl.carrier_id, c.code FROM insurance_plans pl JOIN insurance_carriers c ON c.id = pl.carrier_id ORDER BY pl.id LIMIT 1',
  );
  Object.assign(records, { carrierCode: plan!.code, planId: plan!.id });
  const insure = async (memberId: string) =>
    (
      await db.query<{ id: string }>('INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id) VALUES ($1, $2, $3, $4) RETURNING id', [
        patient!.id,
        plan!.carrier_id,
        plan!.id,
        memberId,
      ])
    )[0]!.id;
  records.insuranceId = await insure('M-0');
  for (let i = 0; i <= demoAccounts.length; i++) records.removable.push(await insure(`R-${i}`));
  const [provider] = await db.query<{ id: string; practice_id: string }>('SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 1');
  Object.assign(records, { providerId: provider!.id, practiceId: provider!.practice_id });
  records.calendarProviderId = (await db.query<{ id: string }>('SELECT id FROM providers WHERE removed_at IS NULL ORDER BY id DESC LIMIT 1'))[0]!.id;
  const [inquiry] = await db.query<{ id: string }>(
    `INSERT INTO insurance_inquiry_audits (patient_insurance_id, patient_id, provider_id, practice_id, internal_outcome_assessment, self_pay_price, source)
     VALUES ($1, $2, $3, $4, 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED', 100, 'rules') RETURNING id`,
    [records.insuranceId, patient!.id, provider!.id, provider!.practice_id],
  );
  records.inquiryId = inquiry!.id;
  const [document] = await db.query<{ id: string }>(
    "INSERT INTO patient_documents (patient_id, kind, file_name, content_type, size_bytes, sha256, content) VALUES ($1, 'other', 'a.png', 'image/png', $2, 'x', $3) RETURNING id",
    [patient!.id, PNG.length, PNG],
  );
  records.documentId = document!.id;
  records.referrerEhrId = (await db.query<{ ehr_id: string }>('SELECT ehr_id FROM referring_providers LIMIT 1'))[0]!.ehr_id;
  records.ehrId = (await db.query<{ ehr_id: string }>('SELECT ehr_id FROM patients WHERE id = $1', [patient!.id]))[0]!.ehr_id;
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() - interval '2 days', now() - interval '2 days' + interval '50 minutes'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000)
     RETURNING id`,
    [user!.id, provider!.id, provider!.practice_id],
  );
  records.appointmentId = appointment!.id;
  // The session's Good Faith Estimate, issued and stored as the mail job would.
  records.estimateNumber = (await issueEstimate(db, appointment!.id, new Date()))!.number;
  const [entry] = await db.query<{ id: string }>("INSERT INTO waitlist_entries (user_id, state_code, created_by) VALUES ($1, 'TX', $1) RETURNING id", [
    user!.id,
  ]);
  records.waitlistEntryId = entry!.id;
  const [recordExport] = await db.query<{ id: string }>('INSERT INTO record_exports (user_id, requested_at) VALUES ($1, now()) RETURNING id', [user!.id]);
  records.recordExportId = recordExport!.id;
  const [offer] = await db.query<{ id: string }>(
    `INSERT INTO waitlist_offers (entry_id, slot_id, hold_id, status, expires_at, ended_at)
     SELECT $1, s.id, gen_random_uuid(), 'lapsed', now(), now() FROM slots s WHERE s.provider_id = $2 LIMIT 1 RETURNING id`,
    [entry!.id, provider!.id],
  );
  records.waitlistOfferId = offer!.id;
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, patient!.id]);
  records.paymentId = (
    await db.query<{ id: string }>(
      `INSERT INTO payments (appointment_id, user_id, patient_id, status, provider, purpose, amount_cents, gateway, transaction_id)
     VALUES ($1, $2, $3, 'succeeded', 'card_gateway', 'session', 12000, 'local', 'txn_local_0_matrix') RETURNING id`, // a local charge long settled
      [appointment!.id, user!.id, patient!.id],
    )
  )[0]!.id;
  records.discrepancyId = (
    await db.query<{ id: string }>(
      `INSERT INTO money_discrepancies (found_at, gateway, charge_transaction_id, ledger_cents, gateway_cents, window_start, window_end)
     VALUES (now(), 'local', 'txn_local_0_matrix', 12000, 0, now() - interval '1 day', now()) RETURNING id`,
    )
  )[0]!.id;
  records.removableProviderId = (
    await db.query<{ id: string }>(
      'SELECT id FROM providers WHERE removed_at IS NULL AND offers_medication AND id NOT IN (SELECT provider_id FROM users WHERE provider_id IS NOT NULL) ORDER BY id OFFSET 3 LIMIT 1',
    )
  )[0]!.id;
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/care/provider-requests',
    headers: callers.get('Clinician')!.headers,
    payload: { kind: 'profile_change', description: 'New photo' },
  });
  records.providerRequestId = asked.json().id;
  // A referral between two providers no demo account is: nobody here may answer it.
  const unlinked = await db.query<{ id: string }>(
    'SELECT id FROM providers WHERE removed_at IS NULL AND id NOT IN (SELECT provider_id FROM users WHERE provider_id IS NOT NULL) ORDER BY id LIMIT 2',
  );
  records.referralReceiverId = unlinked[0]!.id;
  const [authorization] = await db.query<{ id: string }>(
    'INSERT INTO patient_authorizations (patient_id, form, effective_date, expiration_date) VALUES ($1, $2, $3, $4) RETURNING id',
    [
      patient!.id,
      JSON.stringify({
        referralInformation: {
          referringProviderEhrId: unlinked[1]!.id,
          referralReason: 'Specialist care',
          effectiveDate: '2099-01-01',
          expirationDate: '2099-12-31',
        },
        authorizationInformation: { authorizationNumber: 'A-0', authorizationDescription: 'Six sessions' },
      }),
      '2099-01-01',
      '2099-12-31',
    ],
  );
  records.referralId = (
    await db.query<{ id: string }>(
      `INSERT INTO tasks (kind, subject_type, subject_id, patient_id, provider_id, stage_since, reason, details, created_at, updated_at)
     VALUES ('referral', 'patient_authorization', $1, $2, $3, now(), 'Referral', jsonb_build_object('fromProviderId', $4::text), now(), now()) RETURNING id`,
      [authorization!.id, patient!.id, unlinked[0]!.id, unlinked[1]!.id],
    )
  )[0]!.id;
  records.redAlertId = (
    await db.query<{ id: string }>(
      `INSERT INTO tasks (kind, subject_type, subject_id, patient_id, stage_since, priority, reason, created_at, updated_at)
     VALUES ('red_alert', 'appointment', $1, $2, now(), 'urgent', 'Provider removed', now(), now()) RETURNING id`,
      [appointment!.id, patient!.id],
    )
  )[0]!.id;
  records.accessReportId = (
    await db.query<{ id: string }>(
      `INSERT INTO tasks (kind, subject_type, subject_id, patient_id, stage_since, priority, reason, created_at, updated_at)
     VALUES ('record_access_report', 'audit_log', (SELECT max(id)::text FROM audit_log), $1, now(), 'urgent', 'Reported record access', now(), now()) RETURNING id`,
      [patient!.id],
    )
  )[0]!.id;
  records.clinicalAlertId = (
    await db.query<{ id: string }>(
      `INSERT INTO tasks (kind, subject_type, subject_id, patient_id, provider_id, stage_since, priority, reason, created_at, updated_at)
     VALUES ('clinical_alert', 'measure_response', gen_random_uuid()::text, $1, $2, now(), 'stat', 'PHQ-9 item 9 answered 1 or more', now(), now()) RETURNING id`,
      [patient!.id, provider!.id],
    )
  )[0]!.id;
  records.threadId = (
    await db.query<{ id: string }>('INSERT INTO message_threads (provider_id, patient_id, created_at) VALUES ($1, $2, now()) RETURNING id', [
      provider!.id,
      patient!.id,
    ])
  )[0]!.id;
  await db.query("INSERT INTO audit_log (action, record_type, record_id, outcome) VALUES ('getPatient', 'patient', $1, 'success')", [patient!.id]);
  records.auditEntryId = (
    await db.query<{ id: string }>("SELECT id::text AS id FROM audit_log WHERE record_type = 'patient' AND record_id = $1 ORDER BY id DESC LIMIT 1", [
      patient!.id,
    ])
  )[0]!.id;
  const booking = await prepareBookingTarget(t.app, { id: user!.id, email: 'someone.else@example.com' }, callers.get('Patient')!, records.patientId);
  stranger = { userId: user!.id, email: 'someone.else@example.com', partnerId: partners.get('HARBOR-HEALTH')!, booking };
}, 240_000); // a fresh database and the demo seed take a while on a busy machine (90 s was passed on a loaded one)

afterAll(async () => t.close());

/** How many refusals the audit log holds: counted in the database, not read row by row (the log grows with every test). */
async function deniedRows(): Promise<number> {
  const [row] = await t.app.database.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE outcome = 'denied'");
  return row!.n;
}

it('has a request for every endpoint behind a sign-in', () => {
  expect(guarded.map((e) => e.id).filter((id) => !requestOf[id as EndpointId])).toEqual([]);
});

describe.each(guarded.map((e) => [e.id, e] as const))('%s', (id, endpoint) => {
  const build = () => requestOf[id as EndpointId]!(stranger);

  it('answers 401 to a caller who is not signed in, and audits it', async () => {
    const before = await deniedRows();
    const res = await t.app.inject(build());
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('UNAUTHENTICATED');
    expect(await deniedRows()).toBe(before + 1);
  });

  it.each(demoAccounts.map((a) => [a.role]))("as %s on someone else's record", async (role) => {
    const caller = callers.get(role)!;
    const before = await deniedRows();
    const request = build();
    const res = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...caller.headers } });
    // Success is the endpoint's first 2xx answer in its spec, unless the request meets a rule past the access checks.
    const success = answers[id as EndpointId] ?? Number(Object.keys(endpoint.responses).find((status) => status.startsWith('2')));
    const reaches = !holderOnly.has(id) && (reachesEveryAccount(caller.groups) || withoutRecord.has(id) || recordFreeEndpoints.has(id as EndpointId));
    const expected = !mayAccess(endpoint.access, caller.groups) ? 403 : reaches ? success : 404;
    expect(res.statusCode).toBe(expected);
    const refused = expected === 403 || expected === 404;
    if (refused) {
      expect(res.json().errorCode).toBe(expected === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
      expect(await deniedRows()).toBe(before + 1);
    }
  });
});

describe('own records', () => {
  it('a patient reaches their own account and patients (themselves and dependants)', async () => {
    const patient = callers.get('Patient')!;
    const own: Target = { userId: patient.id, email: patient.email, partnerId: stranger.partnerId, booking: stranger.booking };
    for (const id of ['getUserDetails', 'getUserBilling', 'getUserPatients', 'updateUser'] as const) {
      const res = await t.app.inject({ ...requestOf[id]!(own), headers: patient.headers });
      expect(res.statusCode).toBe(200);
    }
    const patients = await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: patient.headers });
    expect(patients.json().items.map((p: { relationship: string }) => p.relationship)).toEqual(['Self', 'Child', 'Child']);
  });

  it("a third-party agent reaches their partner's members and referring providers, nobody else's", async () => {
    const agent = callers.get('Third-party agent')!;
    const member = callers.get('Partner member')!;
    const own: Target = { userId: member.id, email: member.email, partnerId: agent.businessPartnerId!, booking: stranger.booking };
    for (const id of ['getUserDetails', 'getSupportUser', 'allowBookingFlow', 'searchReferringProviders', 'getUserPatients'] as const) {
      const res = await t.app.inject({ ...requestOf[id]!(own), headers: agent.headers });
      expect(res.statusCode).toBe(200);
    }
    const referring = await t.app.inject({
      method: 'GET',
      url: `/api/providers/referring/search/${agent.businessPartnerId}?userId=${stranger.userId}`,
      headers: agent.headers,
    });
    expect(referring.statusCode).toBe(404);
  });

  it('answers an unknown record exactly like a forbidden one', async () => {
    const agent = callers.get('Third-party agent')!;
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000/details', headers: agent.headers });
    const forbidden = await t.app.inject({ method: 'GET', url: `/api/users/${stranger.userId}/details`, headers: agent.headers });
    expect(unknown.statusCode).toBe(forbidden.statusCode);
    expect(unknown.body).toBe(forbidden.body);
  });

  it('audits each read of an account with who, what, which record and from where', async () => {
    const support = callers.get('Support agent')!;
    await t.app.inject({ method: 'GET', url: `/api/users/${stranger.userId}/details`, headers: support.headers, remoteAddress: '10.9.8.7' });
    const rows = await auditRows(t.app, 'actor_id = $1 AND record_id = $2', [support.id, stranger.userId]);
    expect(rows.at(-1)).toMatchObject({
      action: 'getUserDetails',
      record_type: 'user',
      record_id: stranger.userId,
      outcome: 'success',
      status: 200,
      ip: '10.9.8.7',
    });
  });

  it('honours impersonation headers only for roles allowed to impersonate', async () => {
    const headers = { provider_id: 'prov-123', ehr_profile_code: 'EHR-9' };
    for (const [role, impersonating] of [
      ['DevOps admin', 'prov-123'],
      ['Support agent', undefined],
    ] as const) {
      const caller = callers.get(role)!;
      await t.app.inject({ method: 'GET', url: `/api/support/users/${stranger.userId}`, headers: { ...caller.headers, ...headers } });
      const [row] = (await auditRows(t.app, 'actor_id = $1', [caller.id])).slice(-1);
      expect(row!.details.impersonating).toBe(impersonating);
    }
  });
});
