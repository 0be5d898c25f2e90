/** Business partners and partnership codes (product-spec §7 Business partners). */
import { constants } from '@/generated/constants';
import { AppError } from '@/server/errors';
import { partnerByCode, partnersPage, toB2BDetails } from '@/server/marketplace/partners';
import type { Handlers } from '../registry';

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
};
