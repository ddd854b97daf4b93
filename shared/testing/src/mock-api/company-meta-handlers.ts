import { companyMetaEndpoints as api } from '@portal/contract/endpoints';
import { COMPANY_META_KEYS, MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findCompany, setCompanyMeta } from './portal-queries';
import { answer, errorAnswer, idParam, mock, notFound, readBody } from './respond';

/** A company's metas: all of them, one by key, and saving one of the keys the domain allows. */
export function companyMetaHandlers(db: PortalData) {
  return [
    mock(api.companyMetaList, ({ params }) => {
      const found = findCompany(db, idParam(params));
      return found ? answer(api.companyMetaList, found.meta) : notFound(MESSAGES.companyNotFound);
    }),
    mock(api.companyMeta, ({ params }) => {
      const entry = findCompany(db, idParam(params))?.meta.find((m) => m.meta_key === params.key);
      return entry ? answer(api.companyMeta, entry) : notFound();
    }),
    mock(api.saveCompanyMeta, async ({ request, params }) => {
      const found = findCompany(db, idParam(params));
      const read = await readBody(request, api.saveCompanyMeta);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.companyNotFound);
      const key = String(params.key);
      if (!(COMPANY_META_KEYS as readonly string[]).includes(key)) return errorAnswer(400, MESSAGES.companyMetaNotUpdated);
      return answer(api.saveCompanyMeta, setCompanyMeta(found, key, read.body.meta_value));
    }),
  ];
}
