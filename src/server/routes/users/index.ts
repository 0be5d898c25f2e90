/** Account calls of product-spec §7 Users. */
import { createPatientAccount } from '../../accounts/create';
import { reachAccount } from '../../accounts/reach';
import { userById, userOut } from '../../accounts/repository';
import { sessionFor } from '../../auth/session';
import { callerOf } from '../../plugins/auth';
import { sendSignInLink } from '../auth';
import type { Handlers } from '../registry';

export const usersHandlers: Handlers = {
  async getUserDetails(request) {
    const user = await reachAccount(request, request.params.id, 'getUserDetails');
    return userOut(request.server.database, user);
  },

  async getUserBilling(request) {
    const user = await reachAccount(request, request.query.userId, 'getUserBilling');
    return { userId: user.id, firstName: user.first_name, lastName: user.last_name, ...(user.address ? { address: user.address } : {}) };
  },

  async createUser(request, reply) {
    const user = await createPatientAccount(request, request.body);
    await sendSignInLink(request, user);
    reply.status(201);
    return userOut(request.server.database, user);
  },

  async createUserSkipEmailVerification(request, reply) {
    const user = await createPatientAccount(request, request.body);
    reply.status(201);
    return sessionFor(request, user, 'skip-email-verification');
  },

  async getUserPatients(request) {
    const user = await reachAccount(request, request.query.userId ?? callerOf(request).userId, 'getUserPatients');
    const rows = await request.server.database.query<{
      id: string; first_name: string; last_name: string; date_of_birth: string | null; gender: string | null; relationship: string; email: string | null; ehr_id: string | null;
    }>(
      `SELECT id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, gender, relationship, email::text AS email, ehr_id
         FROM patients WHERE user_id = $1 ORDER BY relationship <> 'Self', created_at, id`,
      [user.id],
    );
    return {
      items: rows.map((r) => ({
        id: r.id, firstName: r.first_name, lastName: r.last_name, dateOfBirth: r.date_of_birth, gender: r.gender,
        relationship: r.relationship as never, email: r.email, ehrId: r.ehr_id,
      })),
    };
  },

  async userExists(request) {
    const rows = await request.server.database.query('SELECT 1 FROM users WHERE email = $1', [request.query.email]);
    return { exists: rows.length > 0 };
  },

  async updateUser(request) {
    const user = await reachAccount(request, request.params.id, 'updateUser');
    const { firstName, lastName, dateOfBirth, address } = request.body;
    await request.server.database.query(
      `UPDATE users SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
              date_of_birth = coalesce($4::date, date_of_birth), address = coalesce($5::jsonb, address), updated_at = now()
        WHERE id = $1`,
      [user.id, firstName ?? null, lastName ?? null, dateOfBirth ?? null, address ? JSON.stringify(address) : null],
    );
    return userOut(request.server.database, (await userById(request.server.database, user.id))!);
  },
};
