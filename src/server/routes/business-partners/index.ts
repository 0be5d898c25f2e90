/** Business partners and partnership codes (product-spec §7 Business partners). */
import { constants } from '@/generated/constants';
import { AppError } from '@/server/errors';
import { callerOf } from '@/server/plugins/auth';
import { searchSessions } from '@/server/support/session-search';
import { PARTNER_COLUMNS, partnerByCode, partnerById, toB2BDetails, toBusinessPartner, type PartnerRow } from '@/server/marketplace/partners';
import type { Handlers } from '../registry';

export const businessPartnersHandlers: Handlers = {
  async listBusinessPartners(request) {
    const { offset = 0, limit = constants.pageSize } = request.query;
    const db = request.server.database;
    const [rows, [count]] = await Promise.all([
      db.query<PartnerRow>(`SELECT ${PARTNER_COLUMNS} FROM business_partners ORDER BY name, id LIMIT $1 OFFSET $2`, [limit, offset]),
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM business_partners'),
    ]);
    return { items: rows.map(toBusinessPartner), total: count?.n ?? 0, offset, limit };
  },

  async getBusinessPartnerByCode(request) {
    const partner = await partnerByCode(request.server.database, request.params.code);
    if (!partner) throw new AppError('PARTNERSHIP_CODE_INVALID');
    return { partner, b2bDetails: toB2BDetails(partner) };
  },

  async validatePartnerCodeByName(request) {
    const partner = await partnerByCode(request.server.database, request.query.code);
    const valid = partner !== undefined && partner.name.trim().toLowerCase() === request.query.partnerName.trim().toLowerCase();
    return valid ? { valid, partnerId: partner.id } : { valid: false };
  },

  async getPartnerAgentHome(request) {
    const caller = callerOf(request);
    const db = request.server.database;
    const partner = caller.businessPartnerId ? await partnerById(db, caller.businessPartnerId) : undefined;
    if (!partner) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'businessPartner', id: partner.id };
    // The members are the accounts the agent reaches (accounts/reach.ts): patient accounts of the partner.
    const [members, sessions] = await Promise.all([
      db.query<{ id: string; first_name: string; last_name: string; email: string }>(
        `SELECT id, first_name, last_name, email::text AS email FROM users
          WHERE business_partner_id = $1 AND user_type = 'patient' AND disabled_at IS NULL AND email IS NOT NULL
          ORDER BY last_name, first_name, id LIMIT $2`,
        [partner.id, constants.largeListLimit],
      ),
      searchSessions(db, caller, { limit: constants.partnerHomeSessions }),
    ]);
    return {
      partner: { id: partner.id, name: partner.name, partnershipCode: partner.partnershipCode },
      members: members.map((m) => ({ id: m.id, firstName: m.first_name, lastName: m.last_name, email: m.email })),
      sessions,
    };
  },
};
