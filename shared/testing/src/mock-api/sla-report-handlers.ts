import { slaReportQuery, type SlaReportAnswer } from '@portal/contract';
import { slaReportEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canReadSlaReport } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, mock } from './respond';

const NOTHING = { met: 0, missed: 0, met_percent: null, median_minutes: null };

/**
 * The monthly response-times report (docs/product/response-times.md#the-monthly-report): `db.slaReports[month]`, or a
 * month with no promised tickets; with `company_id`, that company's part alone (as its total). Admins only.
 */
export function slaReportHandlers(db: PortalData) {
  return [
    mock(api.slaReport, ({ request }) => {
      const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
      if (!viewer || !canReadSlaReport(viewer)) return errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
      const query = slaReportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return errorAnswer(400, MESSAGES.invalidInput);
      const { month, company_id: companyId } = query.data;
      const stored: SlaReportAnswer = db.slaReports[month] ?? {
        month, time_zone: db.slaSettings.time_zone, companies: [], total: { tickets: 0, first_response: NOTHING, resolution: NOTHING, breaches: [] },
      };
      if (companyId === undefined) return answer(api.slaReport, stored);
      const part = stored.companies.find((c) => c.company_id === companyId);
      const { company_id: _id, company_name: _name, ...total } = part ?? { company_id: 0, company_name: '', ...stored.total, tickets: 0, first_response: NOTHING, resolution: NOTHING, breaches: [] };
      return answer(api.slaReport, { ...stored, companies: part ? [part] : [], total });
    }),
  ];
}
