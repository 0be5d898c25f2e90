/** Support dashboard calls about accounts (product-spec §7 Support and front desk). */
import { reachAccount } from '../../accounts/reach';
import { userOut } from '../../accounts/repository';
import type { Handlers } from '../registry';

export const supportHandlers: Handlers = {
  async getSupportUser(request) {
    const user = await reachAccount(request, request.params.id, 'getSupportUser');
    const db = request.server.database;
    const out = await userOut(db, user);
    const patients = await db.query<{ id: string; first_name: string; last_name: string; relationship: string }>(
      `SELECT id, first_name, last_name, relationship FROM patients WHERE user_id = $1 ORDER BY relationship <> 'Self', created_at, id`,
      [user.id],
    );
    return {
      id: out.id,
      firstName: out.firstName,
      lastName: out.lastName,
      email: out.email,
      userType: out.userType,
      groups: user.groups,
      disabled: user.disabled_at !== null,
      dateOfBirth: out.dateOfBirth,
      businessPartnerId: out.businessPartnerId,
      ...(out.businessPartner ? { businessPartner: out.businessPartner } : {}),
      patients: patients.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, relationship: p.relationship as never })),
    };
  },

  async allowBookingFlow(request) {
    const user = await reachAccount(request, request.params.id, 'allowBookingFlow');
    if (user.disabled_at) return { allowed: false, reason: 'ACCOUNT_DISABLED' as const };
    if (user.user_type !== 'patient') return { allowed: false, reason: 'NOT_A_PATIENT' as const };
    if (user.email.toLowerCase() !== request.query.email.toLowerCase()) return { allowed: false, reason: 'EMAIL_MISMATCH' as const };
    return { allowed: true };
  },
};
