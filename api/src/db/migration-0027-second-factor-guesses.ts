import type { Migration } from 'kysely';
import { notNull, type AnyDb } from './migration-helpers';

// Second-factor guesses per account (docs/product/accounts-and-roles.md#account-security): one row per
// contact who has tried a code, counted before each code is judged by a conditional update, so every
// process on the database sees one count. window_start: when the counted hour began; locked_until:
// set by the guess that reached the cap. A right code deletes the row.
export const secondFactorGuesses: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('second_factor_guesses')
      .addColumn('contact_id', 'integer', (c) => c.primaryKey().references('contacts.contact_id').onDelete('cascade'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('window_start', 'text', notNull)
      .addColumn('locked_until', 'text')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('second_factor_guesses').ifExists().execute();
  },
};
