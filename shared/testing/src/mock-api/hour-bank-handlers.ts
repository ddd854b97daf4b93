import { hourBankEndpoints as api } from '@portal/contract/endpoints';
import {
  HOUR_BANK_MESSAGES, MESSAGES, canAskOverageApproval, canDecideOverage, canReadHourBank, canSetHourBank, formatBankHours, hourBankBalanceOf,
  type Viewer,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nowIso, readBody } from './respond';

/** Hour banks (docs/product/hour-banks.md), with the API's permissions: the balance as seeded, settings and approvals as written. */
export function hourBankHandlers(db: PortalData) {
  const viewer = (): Viewer | null => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
  const companyOf = (ticketId: number) => db.tickets.find((t) => t.ticket_id === ticketId)?.company_id;
  const approvalAnswer = (ticketId: number) => {
    const approval = db.overageApprovals[ticketId] ?? null;
    return { approval };
  };

  return [
    mock(api.hourBank, ({ params }) => {
      const who = viewer();
      const companyId = idParam(params);
      if (!who || !canReadHourBank(who, companyId)) return refused();
      const bank = db.hourBanks[companyId];
      return answer(api.hourBank, bank ? { balance: bank.balance, settings: bank.settings } : { balance: null, settings: null });
    }),
    mock(api.updateHourBank, async ({ params, request }) => {
      const who = viewer();
      if (!who || !canSetHourBank(who)) return refused();
      const read = await readBody(request, api.updateHourBank, HOUR_BANK_MESSAGES.invalidBank);
      if (!read.ok) return read.answer;
      const companyId = idParam(params);
      const { enabled, included_hours: included, rollover_cap_hours: cap } = read.body;
      if (!enabled) {
        delete db.hourBanks[companyId];
        return answer(api.updateHourBank, { balance: null, settings: null });
      }
      const was = db.hourBanks[companyId]?.balance;
      const balance = hourBankBalanceOf({
        month: was?.month ?? nowIso().slice(0, 7), includedUnits: included ?? was?.includedUnits ?? 0, rolledOverUnits: was?.rolledOverUnits ?? 0,
        usedUnits: was?.usedUnits ?? 0, spentOn: was?.spentOn ?? [],
      });
      db.hourBanks[companyId] = { balance, settings: { included_hours: included === null ? null : included / 10, rollover_cap_hours: cap / 10 } };
      return answer(api.updateHourBank, db.hourBanks[companyId]);
    }),
    mock(api.overageApproval, ({ params }) => {
      const who = viewer();
      const companyId = companyOf(idParam(params));
      if (companyId === undefined) return errorAnswer(404, MESSAGES.ticketNotFound);
      if (!who || !canReadHourBank(who, companyId)) return refused();
      return answer(api.overageApproval, approvalAnswer(idParam(params)));
    }),
    mock(api.askOverageApproval, async ({ params, request }) => {
      const who = viewer();
      const ticketId = idParam(params);
      const companyId = companyOf(ticketId);
      if (companyId === undefined) return errorAnswer(404, MESSAGES.ticketNotFound);
      if (!who || !canAskOverageApproval(who)) return refused();
      const bank = db.hourBanks[companyId];
      if (!bank) return errorAnswer(409, HOUR_BANK_MESSAGES.noBank);
      if (db.overageApprovals[ticketId]?.status === 'pending') return errorAnswer(409, HOUR_BANK_MESSAGES.approvalPending);
      const read = await readBody(request, api.askOverageApproval, HOUR_BANK_MESSAGES.invalidApproval);
      if (!read.ok) return read.answer;
      const units = read.body.hours;
      db.overageApprovals[ticketId] = {
        id: ticketId, month: bank.balance.month, units, status: 'pending', date_requested: nowIso(), date_decided: null,
        question: HOUR_BANK_MESSAGES.approvalQuestion({ hours: formatBankHours(units), planHours: formatBankHours(bank.balance.availableUnits) }),
      };
      return answer(api.askOverageApproval, approvalAnswer(ticketId));
    }),
    ...([[api.approveOverage, 'approved'], [api.declineOverage, 'declined']] as const).map(([endpoint, status]) => mock(endpoint, ({ params }) => {
      const who = viewer();
      const ticketId = idParam(params);
      const companyId = companyOf(ticketId);
      if (companyId === undefined) return errorAnswer(404, MESSAGES.ticketNotFound);
      if (!who || !canDecideOverage(who, companyId)) return refused();
      const pending = db.overageApprovals[ticketId];
      if (pending?.status !== 'pending') return errorAnswer(404, HOUR_BANK_MESSAGES.approvalNotFound);
      db.overageApprovals[ticketId] = { ...pending, status, date_decided: nowIso() };
      return answer(endpoint, approvalAnswer(ticketId));
    })),
  ];
}
