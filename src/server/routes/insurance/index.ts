/** Insurance on file and eligibility inquiries (product-spec §7 Insurance). */
import { constants } from '@/generated/constants';
import { reachesAccountOf, reachPatientOf as reachPatient } from '@/server/patients/reach';
import { AppError } from '@/server/errors';
import {
  INQUIRY_SELECT,
  inquiryById,
  inquiryOut,
  insuranceOfPatient,
  insuranceOut,
  insurancesOfPatients,
  planOf,
  type InquiryRow,
} from '@/server/insurance/repository';
import { callerOf } from '@/server/plugins/auth';
import { checkEligibility, type EligibilityProvider } from '@/server/insurance/eligibility';
import { isFollowUpWith } from '@/server/booking/appointments';
import { slotOf } from '@/server/booking/holds';
import { assertDecisionAllowed, queueIfNeeded, resolveVerification } from '@/server/support/insurance-verification';
import { pgCode, UNIQUE_VIOLATION } from '@/server/db/errors';
import type { Handlers } from '../registry';

export const insuranceHandlers: Handlers = {
  async listInsuranceCarriers(request) {
    const rows = await request.server.database.query<{ code: string; name: string; plan_id: number; plan_name: string; is_medicaid: boolean }>(
      `SELECT c.code, c.name, pl.id AS plan_id, pl.name AS plan_name, pl.is_medicaid
         FROM insurance_carriers c JOIN insurance_plans pl ON pl.carrier_id = c.id ORDER BY c.name, pl.name`,
    );
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
    const candidates = await db.query<{ id: string; user_id: string; business_partner_id: string | null }>(
      `SELECT p.id, p.user_id, u.business_partner_id FROM patients p JOIN users u ON u.id = p.user_id
        WHERE p.license_key = $1 AND p.ehr_id = ANY($2::text[])`,
      [request.query.licenseKey, request.query.patientEhrId],
    );
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
    const existing = await db.query<{ id: string }>(
      'SELECT id FROM patient_insurances WHERE patient_id = $1 AND plan_id = $2 AND member_id = $3 AND removed_at IS NULL',
      [patient.id, planId, request.body.memberId],
    );
    let id = existing[0]?.id;
    if (!id) {
      try {
        const [row] = await db.query<{ id: string }>(
          `INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id, group_number, created_by)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [patient.id, carrierId, planId, request.body.memberId, request.body.groupNumber ?? null, callerOf(request).userId],
        );
        id = row!.id;
      } catch (err) {
        // Added by a simultaneous request: answer the one on file.
        if (pgCode(err) !== UNIQUE_VIOLATION) throw err;
        id = (
          await db.query<{ id: string }>('SELECT id FROM patient_insurances WHERE patient_id = $1 AND plan_id = $2 AND member_id = $3 AND removed_at IS NULL', [
            patient.id,
            planId,
            request.body.memberId,
          ])
        )[0]!.id;
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
      await db.query(
        `UPDATE patient_insurances SET carrier_id = $3, plan_id = $4, member_id = $5, group_number = $6, updated_at = now()
          WHERE id = $1 AND patient_id = $2`,
        [request.params.insuranceId, patient.id, carrierId, planId, request.body.memberId, request.body.groupNumber ?? null],
      );
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
    await db.query('UPDATE patient_insurances SET removed_at = now() WHERE id = $1 AND removed_at IS NULL', [request.params.insuranceId]);
    return reply.status(204).send();
  },

  async validateInsurance(request) {
    const { patientId, insuranceId, providerId, practiceId } = request.params;
    const reached = await reachPatient(request, patientId, 'validateInsurance');
    const db = request.server.database;
    const insurance = await insuranceOfPatient(db, reached.id, insuranceId);
    const [provider] = await db.query<EligibilityProvider & { practice_id: string }>(
      'SELECT id, practice_id, pay_individual, pay_follow_up, plan_ids FROM providers WHERE id = $1 AND removed_at IS NULL',
      [providerId],
    );
    if (!provider) throw new AppError('NOT_FOUND');
    const [practice] = await db.query('SELECT 1 FROM practices WHERE id = $1', [practiceId]);
    if (!practice) throw new AppError('NOT_FOUND');
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
      const [earlier] = await db.query<InquiryRow>(
        `${INQUIRY_SELECT} WHERE a.id = $1 AND a.patient_insurance_id = $2 AND a.patient_id = $3 AND a.provider_id = $4 AND a.practice_id = $5
            AND a.is_follow_up = $6 AND a.created_at > $8::timestamptz - make_interval(mins => $7)`,
        [
          request.query.auditId,
          insuranceId,
          reached.id,
          providerId,
          practiceId,
          isFollowUp,
          constants.insuranceInquiryReuseMinutes,
          request.server.clock.now().toISOString(),
        ],
      );
      if (earlier) return inquiryOut(earlier);
    }

    const checker = request.server.eligibilityChecker;
    const result = await checkEligibility(db, checker, { patientId: reached.id, insurance, provider, practiceId, isFollowUp });
    const [audit] = await db.query<{ id: string }>(
      `INSERT INTO insurance_inquiry_audits (patient_insurance_id, patient_id, provider_id, practice_id, internal_outcome_assessment, copay, estimated_cost,
                                             self_pay_price, is_follow_up, source, actor_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        insurance.id,
        reached.id,
        providerId,
        practiceId,
        result.outcome,
        result.copay,
        result.estimatedCost,
        result.selfPayPrice,
        isFollowUp,
        checker.source,
        callerOf(request).userId,
        request.server.clock.now().toISOString(),
      ],
    );
    await queueIfNeeded(request, { id: audit!.id, insuranceId: insurance.id, patientId: reached.id, providerId, outcome: result.outcome });
    return inquiryOut((await inquiryById(db, audit!.id))!);
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
        await tx.query('UPDATE insurance_inquiry_audits SET decision = $2, decided_at = $4, decided_by = $3 WHERE id = $1', [
          inquiry.id,
          decision,
          caller.userId,
          request.server.clock.now().toISOString(),
        ]);
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
