/** Accounts as stored, and the shapes the API answers with. */
import { zoneOfAddress } from '@/domain/address-zone';
import type { Address, BusinessPartner } from '@/generated/entities';
import type { PermissionGroup, UserType } from '@/generated/enums';
import { prepared, type Queryable } from '../db/connection';
import { partnerById } from '../marketplace/partners';

export interface UserRow {
  id: string;
  /** the sign-in address; for a provisional account (skip-e-mail path) the address it was given, unconfirmed */
  email: string;
  /** a provisional account: its address is not yet confirmed and is nobody's sign-in address */
  provisional: boolean;
  first_name: string;
  last_name: string;
  user_type: UserType;
  groups: PermissionGroup[];
  address: Address | null;
  business_partner_id: string | null;
  is_partner_association_active: boolean;
  date_of_birth: string | null;
  dob_check_required: boolean;
  disabled_at: Date | null;
  /** the language of its mail and documents (specs/constants/locales.yaml); null: not chosen */
  language: string | null;
  /** the IANA zone it reads times in (migration 0040); null: not known yet */
  time_zone: string | null;
}

/** The columns of a UserRow, from users. */
export const USER_COLUMNS = `id, coalesce(email, pending_email)::text AS email, email IS NULL AS provisional, first_name, last_name, user_type, groups, address, business_partner_id,
  is_partner_association_active, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, dob_check_required, disabled_at, language, time_zone`;

const USER_BY_ID = prepared(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`);

/** A UserRow from the JSON of a row of USER_COLUMNS (row_to_json, read along with other things). */
export function userRowOfJson(row: Omit<UserRow, 'disabled_at'> & { disabled_at: string | null }): UserRow {
  return { ...row, disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at) };
}

export async function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(USER_BY_ID, [id]);
  return row;
}

export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  // Sign-in addresses only: a provisional account's pending_email is nobody's address yet.
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  return row;
}

export interface UserOut {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
  dateOfBirth: string | null;
  address?: Address;
  phoneNumber: string | null;
  businessPartnerId: string | null;
  isPartnerAssociationActive: boolean;
  businessPartner?: BusinessPartner;
}

export async function userOut(db: Queryable, row: UserRow): Promise<UserOut> {
  const partner = row.business_partner_id ? await partnerById(db, row.business_partner_id) : undefined;
  // The zone the address lies in: the account screens suggest it where it keeps another clock (issue 34).
  const addressTimeZone = row.address ? zoneOfAddress(row.address) : undefined;
  const [self] = await db.query<{ phone_number: string | null }>(`SELECT phone_number FROM patients WHERE user_id = $1 AND relationship = 'Self' LIMIT 1`, [
    row.id,
  ]);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    userType: row.user_type,
    dateOfBirth: row.date_of_birth,
    ...(row.address ? { address: row.address } : {}),
    phoneNumber: self?.phone_number ?? null,
    businessPartnerId: row.business_partner_id,
    isPartnerAssociationActive: row.is_partner_association_active,
    ...(partner ? { businessPartner: partner } : {}),
    ...(row.language ? { language: row.language } : {}),
    ...(row.time_zone ? { timeZone: row.time_zone } : {}),
    ...(addressTimeZone ? { addressTimeZone } : {}),
  };
}

/** The account whose sign-in address is `email`, if any. */
export async function userIdByEmail(db: Queryable, email: string): Promise<{ id: string } | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return row;
}

/** Changes what is given of an account's name, date of birth, address and language (undefined: unchanged). */
export async function updateAccountDetails(
  db: Queryable,
  userId: string,
  change: { firstName?: string; lastName?: string; dateOfBirth?: string; address?: Address | null; language?: string },
): Promise<void> {
  const { firstName, lastName, dateOfBirth, address, language } = change;
  await db.query(
    `UPDATE users SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            date_of_birth = coalesce($4::date, date_of_birth), address = coalesce($5::jsonb, address),
            language = coalesce($6, language), updated_at = now()
      WHERE id = $1`,
    [userId, firstName ?? null, lastName ?? null, dateOfBirth ?? null, address ? JSON.stringify(address) : null, language ?? null],
  );
}
