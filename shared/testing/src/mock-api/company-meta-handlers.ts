import { http } from 'msw';
import { companyMetaSave, metaEntry } from '@portal/contract';
import { COMPANY_META_KEYS, MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findCompany, setCompanyMeta } from './portal-queries';
import { apiRoute, errorAnswer, idParam, notFound, readBody, reply } from './respond';

/** A company's metas: all of them, one by key, and saving one of the keys the domain allows. */
export function companyMetaHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/company/:id/meta'), ({ params }) => {
      const found = findCompany(db, idParam(params));
      return found ? reply(metaEntry.array(), found.meta) : notFound(MESSAGES.companyNotFound);
    }),
    http.get(apiRoute('/company/:id/meta/:key'), ({ params }) => {
      const entry = findCompany(db, idParam(params))?.meta.find((m) => m.meta_key === params.key);
      return entry ? reply(metaEntry, entry) : notFound();
    }),
    http.put(apiRoute('/company/:id/meta/:key'), async ({ request, params }) => {
      const found = findCompany(db, idParam(params));
      const read = await readBody(request, companyMetaSave);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.companyNotFound);
      const key = String(params.key);
      if (!(COMPANY_META_KEYS as readonly string[]).includes(key)) return errorAnswer(400, MESSAGES.companyMetaNotUpdated);
      return reply(metaEntry, setCompanyMeta(found, key, read.body.meta_value));
    }),
  ];
}
