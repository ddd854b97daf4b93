import { companyUrlKey } from '@portal/domain';
import { sql, type Migration } from 'kysely';
import type { AnyDb } from './migration-helpers';

// No two companies share a site (docs/product/companies-and-contacts.md#company-fields), kept by the database
// so two saves at once cannot both pass: companies.url_key holds the site as compared ('acme.com' for
// 'https://www.Acme.com/'), under a unique index (NULLs, companies without a URL, never collide). A database
// that already holds two companies with one site keeps the key on the older one only; the newer shows the
// 'already exists' message the next time its URL is saved.
export const companyUrlKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('companies').addColumn('url_key', 'text').execute();
    const rows = await sql<{ company_id: number; url: string | null }>`select company_id, url from companies order by company_id`.execute(db);
    const taken = new Set<string>();
    for (const row of rows.rows) {
      const key = companyUrlKey(row.url);
      if (key === null || taken.has(key)) continue;
      taken.add(key);
      await sql`update companies set url_key = ${key} where company_id = ${row.company_id}`.execute(db);
    }
    await db.schema.createIndex('companies_url_key').unique().on('companies').column('url_key').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('companies_url_key').ifExists().execute();
    await db.schema.alterTable('companies').dropColumn('url_key').execute();
  },
};
