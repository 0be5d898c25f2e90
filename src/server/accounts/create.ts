/**
 * Creating a patient account (POST /users/create and create-skip-email-verification). The account
 * holder is also their own first patient (relationship Self). Staff creating an account for someone
 * make its sign-in links ask for the date of birth and leave it for its person to claim (accounts/claim.ts);
 * a third-party agent's accounts join their partner.
 * An account made by its holder keeps the language they signed up in.
 */
import type { FastifyRequest } from 'fastify';
import type { CreateUserBody } from '@/generated/entities';
import { messageTemplate } from '@/domain/messages';
import { first, qb, run, sql } from '../db/typed';
import { AppError } from '../errors';
import { resolveCaller } from '../plugins/auth';
import { partnerByCode } from '../marketplace/partners';
import { userById, type UserRow } from './repository';
import { constants } from '@/generated/constants';
import { takeOrRefuse } from '../limits/counters';
import { pgCode, UNIQUE_VIOLATION } from '../db/errors';
import type { StartedBy } from './claim';

/**
 * `provisional` (the skip-e-mail path): the account holds the address only as its unconfirmed
 * pending_email, claims no sign-in address and so never collides with an account that has it; a
 * sign-in code to the address later confirms it (accounts/provisional.ts).
 */
export async function createPatientAccount(
  request: FastifyRequest,
  body: CreateUserBody,
  options: { provisional?: boolean; schedulingSystemEhrId?: string } = {},
): Promise<UserRow & { started_by: StartedBy | null }> {
  const provisional = options.provisional === true;
  // Anyone may sign up; a valid staff token changes how the account is set up, an invalid one is ignored.
  const caller = await resolveCaller(request);
  const byStaff = Boolean(caller?.permissions.isSupportOrThirdParty);
  // An account started for someone else waits for its person to claim it (accounts/claim.ts).
  const startedBy: StartedBy | null = !byStaff ? null : options.schedulingSystemEhrId !== undefined ? 'scheduling_system' : 'staff';
  if (byStaff && !body.dateOfBirth) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ field: 'dateOfBirth', keyword: 'required', message: messageTemplate('validation.default.required') }],
    });
  }
  let partnerId: string | null = null;
  if (caller?.permissions.isThirdPartyAgent) partnerId = caller.businessPartnerId ?? null;
  if (body.partnershipCode) {
    const partner = await partnerByCode(request.server.database, body.partnershipCode);
    if (!partner || (partnerId && partner.id !== partnerId)) throw new AppError('PARTNERSHIP_CODE_INVALID');
    partnerId = partner.id;
  }
  // Anonymous sign-ups are counted per IP (staff creating accounts are signed in and audited).
  if (!caller) {
    await takeOrRefuse(request, 'createUser', [
      { scope: 'account-create:ip', key: request.ip, max: constants.accountCreationsPerIpPerHour, windowMinutes: 60 },
    ]);
  }
  try {
    const id = await request.server.database.transaction(async (tx) => {
      const user = await first(
        tx,
        qb
          .insertInto('users')
          .values({
            email: provisional ? null : body.email,
            pending_email: provisional ? body.email : null,
            first_name: body.firstName,
            last_name: body.lastName,
            user_type: 'patient',
            groups: ['patient'],
            address: body.address ? JSON.stringify(body.address) : null,
            business_partner_id: partnerId,
            is_partner_association_active: partnerId !== null,
            date_of_birth: body.dateOfBirth ?? null,
            dob_check_required: byStaff,
            // The language of the page the person signed up on (the app sends it as Accept-Language): their
            // mail and documents follow it. Staff signing someone up leave it for the person to choose.
            language: byStaff ? null : request.locale,
            started_by: startedBy,
          })
          .returning('id'),
      );
      // A scheduling-system patient keeps the record's id; anyone else is numbered by the database.
      await run(
        tx,
        qb.insertInto('patients').values({
          user_id: user!.id,
          first_name: body.firstName,
          last_name: body.lastName,
          date_of_birth: body.dateOfBirth ?? null,
          relationship: 'Self',
          email: body.email,
          ehr_id: sql<string>`coalesce(${options.schedulingSystemEhrId ?? null}, 'P' || nextval('patient_ehr_id_seq')::text)`,
        }),
      );
      return user!.id;
    });
    request.auditTarget = { type: 'user', id };
    return { ...(await userById(request.server.database, id))!, started_by: startedBy };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('USER_ALREADY_EXISTS', { cause: err });
    throw err;
  }
}
