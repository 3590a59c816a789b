/**
 * The one Drizzle schema, mirroring the SQL migrations in ./migrations (which are the source of
 * truth for the database: constraints and indexes live there).
 */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Role } from '../../src/domain/user-rules';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  cpf: text('cpf').notNull(),
  phone: text('phone').notNull(),
  role: text('role').$type<Role>().notNull().default('usuario'),
  image: text('image'),
  passwordHash: text('password_hash').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
  acceptedTermsVersion: text('accepted_terms_version'),
  acceptedTermsUrl: text('accepted_terms_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const schema = { users };
