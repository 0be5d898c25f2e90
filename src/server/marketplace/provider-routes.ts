/** The provider marketplace (product-spec §7 Providers). */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { SearchProvidersQuery } from '@/generated/entities';
import { reachAccount } from '@/server/accounts/reach';
import { writeAudit } from '@/server/audit';
import { AppError } from '@/server/errors';
import { geocode } from '@/server/geo';
import { filterCatalogue } from '@/server/marketplace/filters';
import { partnerByCode, partnerExists, referringProvidersOf } from '@/server/marketplace/partners';
import { filterIdsUsedIn, providerCardsPage, providerOf, providerProfileRow } from '@/server/marketplace/providers';
import { criteriaFromQuery, searchProviders, type SearchCriteria } from '@/server/marketplace/search';
import { callerOf } from '@/server/plugins/auth';
import { flagOnFor } from '@/server/flags/decisions';
import { callerProviderId } from '@/server/care/provider';
import { providersToReferTo } from '@/server/care/referrals';
import { slotListing } from '../booking/slot-routes';
import type { Handlers } from '../routes/registry';
import { activeLocale } from '@/domain/locale';

async function searchPoint(q: SearchProvidersQuery): Promise<SearchCriteria['point']> {
  if (q.latitude !== undefined && q.longitude !== undefined) return { latitude: q.latitude, longitude: q.longitude };
  if (q.location === undefined) return undefined;
  const place = await geocode(q.location);
  if (!place) throw new AppError('LOCATION_NOT_FOUND');
  return place;
}

/** Open intake slots kept back from this search (specs/api/providers.yaml, searchProviders). */
async function intakeReserve(request: FastifyRequest, q: SearchProvidersQuery): Promise<number> {
  let memberOfReservingTier = false;
  if (q.partnership_code !== undefined) {
    const partner = await partnerByCode(request.server.database, q.partnership_code);
    if (!partner) throw new AppError('PARTNERSHIP_CODE_INVALID');
    if (q.business_partner_tier_name !== undefined && q.business_partner_tier_name !== partner.tierName) throw new AppError('PARTNER_TIER_MISMATCH');
    memberOfReservingTier = partner.tierName === 'premier';
  }
  if (!q.should_reserve_intake_supply || memberOfReservingTier) return 0;
  return q.business_partner_tier_threshold ?? constants.defaultIntakeReserve;
}

export const providersHandlers: Handlers = {
  async listProviders(request) {
    const { practiceId, stateCode, specialty, offersMedication, page = 1 } = request.query;
    const db = request.server.database;
    const rows = await providerCardsPage(db, { practiceId, stateCode, specialty, offersMedication }, page);
    const catalogue = await filterCatalogue(db);
    return { items: rows.map((r) => providerOf(r, catalogue)), total: rows.length ? Number(rows[0]!.total) : 0, page, pageSize: constants.pageSize };
  },

  async getProviderProfile(request, reply) {
    const { providerId, practiceId, type, state, slug } = request.query;
    if (!providerId && !slug) throw new AppError('NOT_FOUND');
    const db = request.server.database;
    const row = await providerProfileRow(db, providerId, slug);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.removed_reason) return reply.status(204).header('x-provider-removal-reason', row.removed_reason).send();
    const slugMatches =
      (!state || row.licensed_states.includes(state.toUpperCase())) && (!type || type === 'provider' || (type === 'psychiatrist') === row.offers_medication);
    if (!slugMatches || (practiceId && practiceId !== row.practice_id)) throw new AppError('NOT_FOUND');
    return providerOf(row, await filterCatalogue(db));
  },

  async getProviderFilters(request) {
    const db = request.server.database;
    const catalogue = await filterCatalogue(db);
    const { stateCode } = request.query;
    if (!stateCode) return { items: catalogue.all };
    const used = await filterIdsUsedIn(db, stateCode);
    const ids = new Set(used.map((r) => r.id));
    return { items: catalogue.all.filter((f) => ids.has(f.id)) };
  },

  async searchProviders(request, reply) {
    const q = request.query;
    const db = request.server.database;
    const [point, reserve, catalogue] = await Promise.all([searchPoint(q), intakeReserve(request, q), filterCatalogue(db)]);
    const criteria = criteriaFromQuery(q, point, reserve);
    const index = request.server.searchIndex();
    const answer = async () => {
      const { items, total } = await searchProviders(db, criteria, catalogue, index);
      return { items, total, page: criteria.page, pageSize: constants.pageSize, orderBy: criteria.orderBy };
    };
    if (!index) return answer();
    // The answer, written with the route's response schema, is kept with the index (see SearchIndex.response), one a
    // language: the cards name their filters in the request's.
    const body = await index.response(JSON.stringify({ ...criteria, locale: activeLocale() }), async () => reply.serialize(await answer()) as string);
    return reply.type('application/json; charset=utf-8').send(body);
  },

  async getProviderAvailability(request) {
    return slotListing(request, request.params.id, request.query);
  },

  async searchReferringProviders(request) {
    const caller = callerOf(request);
    const p = caller.permissions;
    if (p.isClinician && !(p.isSupportUser || p.isDevopsAdmin || p.isClinicalAdmin || p.isThirdPartyAgent)) {
      // A clinician looks for a colleague to refer their client {id} to (/care/v1/referrals/make).
      if (!(await flagOnFor(request, 'referrals'))) throw new AppError('NOT_FOUND');
      const items = await providersToReferTo(request, await callerProviderId(request), request.params.id, request.query.q, constants.largeListLimit);
      return { items };
    }
    const partnerId = request.params.id;
    const db = request.server.database;
    const partner = await partnerExists(db, partnerId);
    const reachable = partner && (!caller.permissions.isThirdPartyAgent || caller.permissions.isSupportUser || caller.businessPartnerId === partnerId);
    if (!reachable) {
      await writeAudit(request, { action: 'searchReferringProviders', outcome: 'denied', status: 404, recordType: 'business-partner', recordId: partnerId });
      throw new AppError('NOT_FOUND');
    }
    if (request.query.userId) {
      const member = await reachAccount(request, request.query.userId, 'searchReferringProviders');
      if (member.business_partner_id !== partnerId) {
        await writeAudit(request, {
          action: 'searchReferringProviders',
          outcome: 'denied',
          status: 404,
          recordType: 'user',
          recordId: member.id,
          details: { reason: 'not a member' },
        });
        throw new AppError('NOT_FOUND');
      }
    }
    const rows = await referringProvidersOf(db, partnerId, request.query.q?.trim() || null, constants.largeListLimit);
    return { items: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, credential: r.credential, ehrId: r.ehr_id, npi: r.npi })) };
  },
};
