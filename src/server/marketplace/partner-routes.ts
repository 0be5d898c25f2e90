/** Business partners and partnership codes (product-spec §7 Business partners). */
import { constants } from '@/generated/constants';
import { AppError } from '@/server/errors';
import { callerOf } from '@/server/plugins/auth';
import { searchSessions } from '@/server/support/session-search';
import { partnerByCode, partnerById, partnerMembers, partnersPage, toB2BDetails } from '@/server/marketplace/partners';
import type { Handlers } from '../routes/registry';

export const businessPartnersHandlers: Handlers = {
  async listBusinessPartners(request) {
    const { offset = 0, limit = constants.pageSize } = request.query;
    const db = request.server.database;
    const { items, total } = await partnersPage(db, limit, offset);
    return { items, total, offset, limit };
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
      partnerMembers(db, partner.id, constants.largeListLimit),
      searchSessions(db, caller, { limit: constants.partnerHomeSessions }),
    ]);
    return {
      partner: { id: partner.id, name: partner.name, partnershipCode: partner.partnershipCode },
      members: members.map((m) => ({ id: m.id, firstName: m.first_name, lastName: m.last_name, email: m.email })),
      sessions,
    };
  },
};
