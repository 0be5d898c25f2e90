/**
 * The drizzle view of the tables created by db/migrations. The SQL files are the source of the
 * schema; a test checks that every column declared here exists in the migrated database.
 */
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customType } from 'drizzle-orm/pg-core';
import { enums, type UserType } from '../../generated/enums';

const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export const schemaMigrations = pgTable('schema_migrations', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: citext('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  userType: text('user_type', { enum: [...enums.userType.values] as [UserType, ...UserType[]] }).notNull(),
  groups: text('groups').array().notNull().default([]),
  address: jsonb('address'),
  businessPartnerId: uuid('business_partner_id'),
  isPartnerAssociationActive: boolean('is_partner_association_active').notNull().default(false),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
