import type { Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// A contact's language (docs/product/languages.md#a-persons-language): 'en' or 'de' as they chose it at
// registration or in their account menu; null for a contact who never chose, who reads the portal's
// default language (the option `locale`).
export const contactLanguage: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('contacts').addColumn('language', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('contacts').dropColumn('language').execute();
  },
};
