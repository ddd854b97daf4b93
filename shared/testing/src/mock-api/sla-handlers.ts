import { slaEndpoints as api } from '@portal/contract/endpoints';
import { DEFAULT_PRIORITIES, MESSAGES, businessHoursProblem, canManageSla, targetsProblem } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nowIso, readBody } from './respond';

/** Response-time promises (docs/product/response-times.md), with the API's rules: admins only, the same checks. */
export function slaHandlers(db: PortalData) {
  const admin = () => {
    const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
    return viewer !== null && canManageSla(viewer);
  };
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
  const priorityIds = DEFAULT_PRIORITIES.map((p) => p.id);

  return [
    mock(api.slaSettings, () => (admin() ? answer(api.slaSettings, db.slaSettings) : refused())),
    mock(api.saveSlaSettings, async ({ request }) => {
      if (!admin()) return refused();
      const read = await readBody(request, api.saveSlaSettings, MESSAGES.slaSettingsNotSaved);
      if (!read.ok) return read.answer;
      const problem = businessHoursProblem(read.body) ?? targetsProblem(read.body.targets, priorityIds);
      if (problem) return errorAnswer(400, problem);
      db.slaSettings = { ...read.body, date_updated: nowIso() };
      return answer(api.saveSlaSettings, db.slaSettings);
    }),
    mock(api.companySlaTargets, ({ params }) => {
      if (!admin()) return refused();
      const companyId = idParam(params);
      if (!db.companies.some((c) => c.company_id === companyId)) return errorAnswer(404, MESSAGES.companyNotFound);
      return answer(api.companySlaTargets, { company_id: companyId, targets: db.companySlaTargets[companyId] ?? null });
    }),
    mock(api.saveCompanySlaTargets, async ({ request, params }) => {
      if (!admin()) return refused();
      const companyId = idParam(params);
      if (!db.companies.some((c) => c.company_id === companyId)) return errorAnswer(404, MESSAGES.companyNotFound);
      const read = await readBody(request, api.saveCompanySlaTargets, MESSAGES.slaSettingsNotSaved);
      if (!read.ok) return read.answer;
      const { targets } = read.body;
      const problem = targets === null ? null : targetsProblem(targets, priorityIds);
      if (problem) return errorAnswer(400, problem);
      if (targets === null) delete db.companySlaTargets[companyId];
      else db.companySlaTargets[companyId] = targets;
      return answer(api.saveCompanySlaTargets, { company_id: companyId, targets });
    }),
  ];
}
