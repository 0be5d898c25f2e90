/** Accounts as stored, and the shapes the API answers with. */
import { zoneOfAddress } from '@/domain/address-zone';
import type { Address, BusinessPartner } from '@/generated/entities';
import type { PermissionGroup, UserType } from '@/generated/enums';
import type { Expression, ExpressionBuilder, Selection, ShallowDehydrateObject } from 'kysely';
import type { Queryable } from '../db/connection';
import { dbNow, first, preparedQuery, qb, run, sql, type DB, type Param, type RowOf } from '../db/typed';
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
const userColumns = (eb: ExpressionBuilder<DB, 'users'>) =>
  [
    'id',
    eb.cast<string>(eb.fn.coalesce('email', 'pending_email'), 'text').as('email'),
    eb('email', 'is', null).$castTo<boolean>().as('provisional'),
    'first_name',
    'last_name',
    'user_type',
    'groups',
    'address',
    'business_partner_id',
    'is_partner_association_active',
    eb.fn<string | null>('to_char', ['date_of_birth', sql.lit('YYYY-MM-DD')]).as('date_of_birth'),
    'dob_check_required',
    'disabled_at',
    'language',
    'time_zone',
  ] as const;

const usersSelect = () => qb.selectFrom('users').select(userColumns);

/** The stored words are the enumerations' values, the address an Address (the API validated both on the way in). */
function userRowOf(r: Selection<DB, 'users', ReturnType<typeof userColumns>[number]>): UserRow {
  return { ...r, user_type: r.user_type as UserType, groups: r.groups as PermissionGroup[], address: r.address as Address | null };
}

/** The account by its id, as a UserRow's columns (also read along with other things as JSON: userRowOfJson). */
export const userByIdQuery = (id: Expression<string>) => usersSelect().where('id', '=', id);

/** userByIdQuery on its own, compiled once. */
const userByIdStatement = preparedQuery((p: Param<{ id: string }>) => userByIdQuery(p('id')));

/** A UserRow from the JSON of userByIdQuery's row (jsonObjectFrom, read along with other things). */
export function userRowOfJson(row: ShallowDehydrateObject<RowOf<ReturnType<typeof userByIdQuery>>>): UserRow {
  return userRowOf({ ...row, disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at) });
}

export async function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  // A statement of every authenticated request: prepared.
  const row = await first(db, userByIdStatement({ id }), { prepared: true });
  return row && userRowOf(row);
}

export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  // Sign-in addresses only: a provisional account's pending_email is nobody's address yet.
  const row = await first(db, usersSelect().where('email', '=', email));
  return row && userRowOf(row);
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
  // The zone the address lies in: the account screens suggest it where it keeps another clock.
  const addressTimeZone = row.address ? zoneOfAddress(row.address) : undefined;
  const self = await first(db, qb.selectFrom('patients').select('phone_number').where('user_id', '=', row.id).where('relationship', '=', 'Self').limit(1));
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
  return first(db, qb.selectFrom('users').select('id').where('email', '=', email));
}

/** Changes what is given of an account's name, date of birth, address and language (undefined: unchanged). */
export async function updateAccountDetails(
  db: Queryable,
  userId: string,
  change: { firstName?: string; lastName?: string; dateOfBirth?: string; address?: Address | null; language?: string },
): Promise<void> {
  const { firstName, lastName, dateOfBirth, address, language } = change;
  await run(
    db,
    qb
      .updateTable('users')
      .set((eb) => ({
        first_name: eb.fn.coalesce(eb.val(firstName ?? null), 'first_name'),
        last_name: eb.fn.coalesce(eb.val(lastName ?? null), 'last_name'),
        date_of_birth: eb.fn.coalesce(sql<Date | null>`${dateOfBirth ?? null}::date`, 'date_of_birth'),
        address: eb.fn.coalesce(sql<string | null>`${address ? JSON.stringify(address) : null}::jsonb`, 'address'),
        language: eb.fn.coalesce(eb.val(language ?? null), 'language'),
        updated_at: dbNow,
      }))
      .where('id', '=', userId),
  );
}
