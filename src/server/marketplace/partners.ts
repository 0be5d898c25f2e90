/** Business partners (product-spec §3): rows, their public shape, and the converted B2B details. */
import type { B2BDetails, BusinessPartner } from '@/generated/entities';
import type { ChannelType, DealStructure, PartnerTier } from '@/generated/enums';
import type { Queryable } from '../db/connection';

export interface PartnerRow {
  id: string;
  name: string;
  partnership_code: string;
  hide_payment_input: boolean;
  hide_insurance_input: boolean;
  hide_post_booking_modal_copy: boolean;
  custom_success_message: string | null;
  custom_failure_message: string | null;
  authorization_required: boolean;
  channel_type: string;
  deal_structure: string;
  is_credit_card_optional: boolean;
  tier_name: string;
  phone: string | null;
}

export const PARTNER_COLUMNS = `id, name, partnership_code, hide_payment_input, hide_insurance_input, hide_post_booking_modal_copy,
  custom_success_message, custom_failure_message, authorization_required, channel_type, deal_structure,
  is_credit_card_optional, tier_name, phone`;

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
  const [row] = await db.query<PartnerRow>(`SELECT ${PARTNER_COLUMNS} FROM business_partners WHERE id = $1`, [id]);
  return row ? toBusinessPartner(row) : undefined;
}

export async function partnerByCode(db: Queryable, code: string): Promise<BusinessPartner | undefined> {
  const [row] = await db.query<PartnerRow>(`SELECT ${PARTNER_COLUMNS} FROM business_partners WHERE partnership_code = $1`, [code]);
  return row ? toBusinessPartner(row) : undefined;
}

/** A page of the business partners by name, and how many there are. */
export async function partnersPage(db: Queryable, limit: number, offset: number): Promise<{ items: BusinessPartner[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<PartnerRow>(`SELECT ${PARTNER_COLUMNS} FROM business_partners ORDER BY name, id LIMIT $1 OFFSET $2`, [limit, offset]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM business_partners'),
  ]);
  return { items: rows.map(toBusinessPartner), total: count?.n ?? 0 };
}

export async function partnerExists(db: Queryable, partnerId: string): Promise<{ id: string } | undefined> {
  const [partner] = await db.query<{ id: string }>('SELECT id FROM business_partners WHERE id = $1', [partnerId]);
  return partner;
}

/** A partner's referring providers whose name holds `q` (null: all), by name. */
export async function referringProvidersOf(db: Queryable, partnerId: string, q: string | null, limit: number) {
  return db.query<{ id: string; first_name: string; last_name: string; credential: string; ehr_id: string; npi: string }>(
    `SELECT id, first_name, last_name, credential, ehr_id, npi FROM referring_providers
      WHERE business_partner_id = $1 AND ($2::text IS NULL OR (first_name || ' ' || last_name) ILIKE '%' || $2::text || '%')
      ORDER BY last_name, first_name, id LIMIT ${Math.trunc(limit)}`,
    [partnerId, q],
  );
}

/** A partner's members: the active patient accounts it enrolled (those its agents reach), by name. */
export async function partnerMembers(
  db: Queryable,
  partnerId: string,
  limit: number,
): Promise<{ id: string; first_name: string; last_name: string; email: string }[]> {
  return db.query<{ id: string; first_name: string; last_name: string; email: string }>(
    `SELECT id, first_name, last_name, email::text AS email FROM users
      WHERE business_partner_id = $1 AND user_type = 'patient' AND disabled_at IS NULL AND email IS NOT NULL
      ORDER BY last_name, first_name, id LIMIT $2`,
    [partnerId, limit],
  );
}
