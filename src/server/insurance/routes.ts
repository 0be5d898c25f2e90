/** Insurance on file and eligibility inquiries (product-spec §7 Insurance). */
import { constants } from '@/generated/constants';
import { reachesAccountOf, reachPatientOf as reachPatient } from '@/server/patients/reach';
import { AppError } from '@/server/errors';
import { inquiryById, inquiryOut, insuranceOfPatient, insuranceOut, insurancesOfPatients, planOf } from '@/server/insurance/repository';
import {
  carrierPlans,
  decideInquiry,
  eligibilityProviderOf,
  insertInquiry,
  insertInsurance,
  insuranceOnFileId,
  patientsByLicenseAndEhrIds,
  practiceExists,
  removeInsurance,
  reusableInquiry,
  updateInsurance,
} from '@/server/insurance/on-file';
import { callerOf } from '@/server/plugins/auth';
import { checkEligibility } from '@/server/insurance/eligibility';
import { isFollowUpWith } from '@/server/booking/appointments';
import { slotOf } from '@/server/booking/holds';
import { assertDecisionAllowed, queueIfNeeded, resolveVerification } from '@/server/support/insurance-verification';
import { pgCode, UNIQUE_VIOLATION } from '@/server/db/errors';
import type { Handlers } from '../routes/registry';

export const insuranceHandlers: Handlers = {
  async listInsuranceCarriers(request) {
    const rows = await carrierPlans(request.server.database);
    const carriers = new Map<string, { code: string; name: string; plans: { id: number; name: string; isMedicaid: boolean }[] }>();
    for (const r of rows) {
      const carrier = carriers.get(r.code) ?? { code: r.code, name: r.name, plans: [] };
      carrier.plans.push({ id: r.plan_id, name: r.plan_name, isMedicaid: r.is_medicaid });
      carriers.set(r.code, carrier);
    }
    return { items: [...carriers.values()] };
  },

  async getActiveInsurance(request) {
    const db = request.server.database;
    const candidates = await patientsByLicenseAndEhrIds(db, request.query.licenseKey, request.query.patientEhrId);
    const reachable = candidates.filter((p) => reachesAccountOf(request, { id: p.user_id, business_partner_id: p.business_partner_id })).map((p) => p.id);
    if (reachable.length === 1) request.auditTarget = { type: 'patient', id: reachable[0]! };
    return { items: (await insurancesOfPatients(db, reachable)).map(insuranceOut) };
  },

  async listPatientInsurances(request) {
    const patient = await reachPatient(request, request.params.id, 'listPatientInsurances');
    return { items: (await insurancesOfPatients(request.server.database, [patient.id])).map(insuranceOut) };
  },

  async addPatientInsurance(request, reply) {
    const patient = await reachPatient(request, request.params.id, 'addPatientInsurance');
    const db = request.server.database;
    const { carrierId, planId } = await planOf(db, request.body.carrierCode, request.body.planId);
    const existing = await insuranceOnFileId(db, patient.id, planId, request.body.memberId);
    let id = existing;
    if (!id) {
      try {
        id = await insertInsurance(db, {
          patientId: patient.id,
          carrierId,
          planId,
          memberId: request.body.memberId,
          groupNumber: request.body.groupNumber ?? null,
          createdBy: callerOf(request).userId,
        });
      } catch (err) {
        // Added by a simultaneous request: answer the one on file.
        if (pgCode(err) !== UNIQUE_VIOLATION) throw err;
        id = (await insuranceOnFileId(db, patient.id, planId, request.body.memberId))!;
      }
    }
    reply.status(201);
    return insuranceOut(await insuranceOfPatient(db, patient.id, id));
  },

  async updatePatientInsurance(request) {
    const patient = await reachPatient(request, request.params.id, 'updatePatientInsurance');
    const db = request.server.database;
    await insuranceOfPatient(db, patient.id, request.params.insuranceId);
    const { carrierId, planId } = await planOf(db, request.body.carrierCode, request.body.planId);
    try {
      await updateInsurance(db, request.params.insuranceId, patient.id, {
        carrierId,
        planId,
        memberId: request.body.memberId,
        groupNumber: request.body.groupNumber ?? null,
      });
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('INSURANCE_ALREADY_ON_FILE');
      throw err;
    }
    return insuranceOut(await insuranceOfPatient(db, patient.id, request.params.insuranceId));
  },

  async removePatientInsurance(request, reply) {
    const patient = await reachPatient(request, request.params.id, 'removePatientInsurance');
    const db = request.server.database;
    await insuranceOfPatient(db, patient.id, request.params.insuranceId);
    await removeInsurance(db, request.params.insuranceId);
    return reply.status(204).send();
  },

  async validateInsurance(request) {
    const { patientId, insuranceId, providerId, practiceId } = request.params;
    const reached = await reachPatient(request, patientId, 'validateInsurance');
    const db = request.server.database;
    const insurance = await insuranceOfPatient(db, reached.id, insuranceId);
    const provider = await eligibilityProviderOf(db, providerId);
    if (!provider) throw new AppError('NOT_FOUND');
    if (!(await practiceExists(db, practiceId))) throw new AppError('NOT_FOUND');
    if (provider.practice_id !== practiceId) throw new AppError('PROVIDER_NOT_AT_PRACTICE');
    // Priced as the booking will be: a follow-up when the patient's own history with the provider says so.
    let sessionStart: Date | undefined;
    if (request.query.slotId) {
      const slot = await slotOf(db, request.query.slotId, providerId);
      if (!slot) throw new AppError('NO_OPEN_SLOT');
      sessionStart = slot.start_at;
    }
    const isFollowUp = await isFollowUpWith(db, reached.id, providerId, sessionStart);

    if (request.query.auditId) {
      const earlier = await reusableInquiry(
        db,
        request.query.auditId,
        { insuranceId, patientId: reached.id, providerId, practiceId, isFollowUp },
        constants.insuranceInquiryReuseMinutes,
        request.server.clock.now(),
      );
      if (earlier) return inquiryOut(earlier);
    }

    const checker = request.server.eligibilityChecker;
    const result = await checkEligibility(db, checker, { patientId: reached.id, insurance, provider, practiceId, isFollowUp });
    const auditId = await insertInquiry(db, {
      insuranceId: insurance.id,
      patientId: reached.id,
      providerId,
      practiceId,
      outcome: result.outcome,
      copay: result.copay,
      estimatedCost: result.estimatedCost,
      selfPayPrice: result.selfPayPrice,
      isFollowUp,
      source: checker.source,
      actorId: callerOf(request).userId,
      at: request.server.clock.now(),
    });
    await queueIfNeeded(request, { id: auditId, insuranceId: insurance.id, patientId: reached.id, providerId, outcome: result.outcome });
    return inquiryOut((await inquiryById(db, auditId))!);
  },

  async chooseInsuranceDecision(request) {
    const db = request.server.database;
    const inquiry = await inquiryById(db, request.params.id);
    // Reach is decided on the inquiry's patient; an inquiry of someone else's is as unknown as a missing one.
    await reachPatient(request, inquiry?.patient_id ?? request.params.id, 'chooseInsuranceDecision');
    if (!inquiry) throw new AppError('NOT_FOUND');
    const { decision, note } = request.body;
    const caller = callerOf(request);
    const staff = !caller.permissions.isPatient;
    assertDecisionAllowed(decision, inquiry.internal_outcome_assessment, staff);
    request.auditTarget = { type: 'insuranceInquiry', id: inquiry.id };
    try {
      await db.transaction(async (tx) => {
        await decideInquiry(tx, inquiry.id, decision, caller.userId, request.server.clock.now());
        // Support deciding for the patient takes the insurance out of the verification queue, with the agent's note.
        if (staff) await resolveVerification(request, tx, inquiry.patient_insurance_id, decision, note);
      });
    } finally {
      // The endpoint's own row names the inquiry (the task's rows name the task).
      request.auditTarget = { type: 'insuranceInquiry', id: inquiry.id };
    }
    return inquiryOut((await inquiryById(db, inquiry.id))!);
  },
};
