/** Patient records of product-spec §7 Patients and the support patient calls. */
import { enums } from '@/generated/enums';
import { reachAccount } from '@/server/accounts/reach';
import { reachPatientOf as reachPatient } from '@/server/patients/reach';
import { userById } from '@/server/accounts/repository';
import { insuranceOut, insurancesOfPatients } from '@/server/insurance/repository';
import { callerOf } from '@/server/plugins/auth';
import { appointmentsOfPatients } from '@/server/patients/appointments';
import { authorizationOut, authorizationsOf, saveAuthorization } from '@/server/patients/authorizations';
import { documentOut, documentsOf, sendDocument, storeUploadedDocument } from '@/server/patients/documents';
import { noteOut, notesOf, saveNote } from '@/server/patients/notes';
import { patientById, patientOut, patientsOfUser } from '@/server/patients/repository';
import { verifyPatientDateOfBirth } from '@/server/patients/date-of-birth';
import { assertMayChangePatient, updatePatientRecord } from '@/server/patients/update';
import { careStatusOf, associatedProviders } from '@/server/patients/care';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../routes/registry';
import { reachesEveryAccount } from '@/domain/permissions';
import { reachOwnClient } from '@/server/care/clients';
import { recordAccessPage, reportRecordAccess } from '@/server/patients/record-access';

/** Notes: staff reach the patients they reach; a clinician only their own clients. */
async function reachNotesOf(request: FastifyRequest, patientId: string, action: string): Promise<{ id: string }> {
  const caller = callerOf(request);
  if (caller.permissions.isClinician && !reachesEveryAccount(caller.groups)) {
    return reachOwnClient(request, patientId, action);
  }
  return reachPatient(request, patientId, action);
}

/** Staff notes shown with a patient on the support dashboard. */
const SUPPORT_NOTES_SHOWN = 20;

async function supportPatient(request: FastifyRequest, patientId: string) {
  const db = request.server.database;
  const patient = (await patientById(db, patientId))!;
  const account = (await userById(db, patient.user_id))!;
  return {
    patient: patientOut(patient, request.server.clock.now()),
    account: {
      id: account.id,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      businessPartnerId: account.business_partner_id,
    },
    insurances: (await insurancesOfPatients(db, [patient.id])).map(insuranceOut),
    notes: (await notesOf(db, patient.id, SUPPORT_NOTES_SHOWN)).map(noteOut),
  };
}

export const patientsHandlers: Handlers = {
  async listRecordAccess(request) {
    const accountId = callerOf(request).userId;
    request.auditTarget = { type: 'user', id: accountId };
    return recordAccessPage(request.server.database, accountId, request.query.page ?? 1);
  },

  async reportRecordAccess(request, reply) {
    const { taskId, created } = await reportRecordAccess(request, request.params.id, request.body?.note);
    reply.status(created ? 201 : 200);
    return { taskId };
  },

  async listPatients(request) {
    const user = await reachAccount(request, request.query.userId ?? callerOf(request).userId, 'listPatients');
    return { items: (await patientsOfUser(request.server.database, user.id)).map((p) => patientOut(p, request.server.clock.now())) };
  },

  async getPatientCareStatus(request) {
    const ids = request.query.patientIds;
    for (const id of ids) await reachPatient(request, id, 'getPatientCareStatus');
    request.auditTarget = ids.length === 1 ? { type: 'patient', id: ids[0]! } : undefined;
    const appointments = await appointmentsOfPatients(request.server.database, ids);
    return {
      items: ids.map((id) =>
        careStatusOf(
          id,
          appointments.filter((a) => a.patient_id === id),
          request.server.clock.now(),
        ),
      ),
    };
  },

  async getAssociatedProviders(request) {
    const patient = await reachPatient(request, request.query.patientId, 'getAssociatedProviders');
    return { items: await associatedProviders(request.server.database, patient.id, request.server.clock.now()) };
  },

  async getPatientNoteTypes() {
    const types = enums.patientNoteType;
    return { items: types.values.map((value) => ({ value, label: types.labels[value] })) };
  },

  async savePatientNote(request, reply) {
    const patient = await reachNotesOf(request, request.body.patientId, 'savePatientNote');
    const note = await saveNote(request.server.database, patient.id, request.body.noteType, request.body.text, callerOf(request).userId);
    reply.status(201);
    return noteOut(note);
  },

  async listPatientNotes(request) {
    const patient = await reachNotesOf(request, request.params.id, 'listPatientNotes');
    return { items: (await notesOf(request.server.database, patient.id)).map(noteOut) };
  },

  async getPatient(request) {
    const patient = await reachPatient(request, request.params.id, 'getPatient', request.query.userId);
    return patientOut((await patientById(request.server.database, patient.id))!, request.server.clock.now());
  },

  async verifyPatientDateOfBirth(request) {
    return verifyPatientDateOfBirth(request, request.params.id, request.body.dob);
  },

  async updatePatient(request) {
    const reached = await reachPatient(request, request.params.id, 'updatePatient');
    const db = request.server.database;
    await assertMayChangePatient(request, (await patientById(db, reached.id))!, request.body, 'updatePatient');
    return patientOut(
      await db.transaction(async (tx) => updatePatientRecord(tx, (await patientById(tx, reached.id))!, request.body)),
      request.server.clock.now(),
    );
  },

  async listPatientAuthorizations(request) {
    const patient = await reachPatient(request, request.params.id, 'listPatientAuthorizations');
    return { items: (await authorizationsOf(request.server.database, patient.id)).map((a) => authorizationOut(a, request.server.clock.now())) };
  },

  async savePatientAuthorization(request, reply) {
    const patient = await reachPatient(request, request.params.id, 'savePatientAuthorization');
    const saved = await saveAuthorization(request.server.database, patient.id, patient.account_partner_id, request.body, callerOf(request).userId);
    reply.status(201);
    return authorizationOut(saved, request.server.clock.now());
  },

  async uploadPatientDocument(request, reply) {
    const patient = await reachPatient(request, request.params.id, 'uploadPatientDocument');
    const row = await storeUploadedDocument(request, request.server.database, patient.id, callerOf(request).userId);
    reply.status(201);
    return documentOut(row);
  },

  async listPatientDocuments(request) {
    const patient = await reachPatient(request, request.params.id, 'listPatientDocuments');
    return { items: (await documentsOf(request.server.database, patient.id, request.query.kind)).map(documentOut) };
  },

  async downloadPatientDocument(request, reply) {
    const patient = await reachPatient(request, request.params.id, 'downloadPatientDocument');
    return sendDocument(reply, request.server.database, patient.id, request.params.documentId);
  },

  async getSupportPatient(request) {
    const patient = await reachPatient(request, request.params.id, 'getSupportPatient');
    return supportPatient(request, patient.id);
  },

  async updateSupportPatient(request) {
    const reached = await reachPatient(request, request.params.id, 'updateSupportPatient');
    await assertMayChangePatient(request, (await patientById(request.server.database, reached.id))!, request.body, 'updateSupportPatient');
    await request.server.database.transaction(async (tx) => updatePatientRecord(tx, (await patientById(tx, reached.id))!, request.body));
    return supportPatient(request, reached.id);
  },
};
