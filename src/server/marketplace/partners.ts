/** Business partners (product-spec §3): rows, their public shape, and the converted B2B details. */
import type { B2BDetails, BusinessPartner } from '@/generated/entities';
import type { ChannelType, DealStructure, PartnerTier } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type RowOf } from '../db/typed';

/** A business partner's columns as the API reads them (the demo seed writes the same). */
export const partnerColumns = [
  'id',
  'name',
  'partnership_code',
  'hide_payment_input',
  'hide_insurance_input',
  'hide_post_booking_modal_copy',
  'custom_success_message',
  'custom_failure_message',
  'authorization_required',
  'channel_type',
  'deal_structure',
  'is_credit_card_optional',
  'tier_name',
  'phone',
] as const;

const partnerSelect = () => qb.selectFrom('business_partners').select(partnerColumns);

export type PartnerRow = RowOf<ReturnType<typeof partnerSelect>>;

export function toBusinessPartner(row: PartnerRow): BusinessPartner {
  return {
    id: row.id,
    name: row.name,
    partnershipCode: row.partnership_code,
    hidePaymentInput: row.hide_payment_input,
    hideInsuranceInput: row.hide_insurance_input,
    hidePostBookingModalCopy: row.hide_post_booking_modal_copy,
    customSuccessMessage: row.custom_success_message,
    customFailureMessage: row.custom_failure_message,
    authorizationRequired: row.authorization_required,
    channelType: row.channel_type as ChannelType,
    dealStructure: row.deal_structure as DealStructure,
    isCreditCardOptional: row.is_credit_card_optional,
    tierName: row.tier_name as PartnerTier,
    phone: row.phone,
  };
}

export function toB2BDetails(partner: BusinessPartner): B2BDetails {
  return {
    partnerId: partner.id,
    partnerName: partner.name,
    isB2BUser: true,
    keyword: partner.partnershipCode,
    flags: {
      hidePaymentInput: partner.hidePaymentInput,
      hideInsuranceInput: partner.hideInsuranceInput,
      hidePostBookingModalCopy: partner.hidePostBookingModalCopy,
      isCreditCardOptional: partner.isCreditCardOptional,
    },
    verificationMessages: { success: partner.customSuccessMessage ?? null, failure: partner.customFailureMessage ?? null },
    authorizationRequired: partner.authorizationRequired,
    channelType: partner.channelType,
    dealStructure: partner.dealStructure,
  };
}

export async function partnerById(db: Queryable, id: string): Promise<BusinessPartner | undefined> {
  const row = await first(db, partnerSelect().where('id', '=', id));
  return row ? toBusinessPartner(row) : undefined;
}

export async function partnerByCode(db: Queryable, code: string): Promise<BusinessPartner | undefined> {
  const row = await first(db, partnerSelect().where('partnership_code', '=', code));
  return row ? toBusinessPartner(row) : undefined;
}

/** A page of the business partners by name, and how many there are. */
export async function partnersPage(db: Queryable, limit: number, offset: number): Promise<{ items: BusinessPartner[]; total: number }> {
  const [rows, count] = await Promise.all([
    all(db, partnerSelect().orderBy('name').orderBy('id').limit(limit).offset(offset)),
    first(db, qb.selectFrom('business_partners').select(sql<number>`count(*)::int`.as('n'))),
  ]);
  return { items: rows.map(toBusinessPartner), total: count?.n ?? 0 };
}

export async function partnerExists(db: Queryable, partnerId: string): Promise<{ id: string } | undefined> {
  return first(db, qb.selectFrom('business_partners').select('id').where('id', '=', partnerId));
}

/** A partner's referring providers whose name holds `q` (null: all), by name. */
export async function referringProvidersOf(db: Queryable, partnerId: string, q: string | null, limit: number) {
  return all(
    db,
    qb
      .selectFrom('referring_providers')
      .select(['id', 'first_name', 'last_name', 'credential', 'ehr_id', 'npi'])
      .where('business_partner_id', '=', partnerId)
      .$if(q !== null, (query) => query.where(sql<boolean>`(first_name || ' ' || last_name) ILIKE '%' || ${q}::text || '%'`))
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(Math.trunc(limit)),
  );
}

/** A partner's members: the active patient accounts it enrolled (those its agents reach), by name. */
export async function partnerMembers(db: Queryable, partnerId: string, limit: number) {
  return all(
    db,
    qb
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', sql<string>`email::text`.as('email')])
      .where('business_partner_id', '=', partnerId)
      .where('user_type', '=', 'patient')
      .where('disabled_at', 'is', null)
      .where('email', 'is not', null)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(limit),
  );
}
