import {
  accountingCustomer, accountingInvoice, invoice, type AccountingCustomer, type AccountingInvoice, type Invoice,
  activity, attachment, company, companyTimeTotal, contact, contactTimeEntry, contactTimeTotal, listPrefs, monthlyTime,
  notification, option, task, ticketStatsMonth, ticketSummary, timeEntry, mailTemplate, messageProgress, auditEntry, type AuditEntry,
  type Activity, type Attachment, type Company, type CompanyTimeTotal, type Contact, type ContactTimeEntry, type ContactTimeTotal,
  type ListedTicket, type ListPrefsValue, type MonthlyTime, type Notification, type Option, type Task, type TicketDetail,
  type TicketStatsMonth, type TicketSummary, type TimeEntry, type PublicSettings, type MailTemplate, type MessageProgress,
  heldMail, type HeldMail, type MailInStatus, failedMail, type FailedMail, savedReply, type SavedReply,
  ticketFollower, type TicketFollower, ccAddress, type CcAddress,
  slaSettings, type SlaSettings, type PriorityTargetInput, slaReport, type SlaReportAnswer, tag, type Tag, savedView, type SavedView,
} from '@portal/contract';
import { DEFAULT_BUSINESS_HOURS, type HourBankBalance, type TimerState } from '@portal/domain';
import type { ReleaseReportLine, ReleasesOverview } from '@portal/contract';
import type { HourBankSettingsAnswer, OverageApproval } from '@portal/contract';
import type { MaintenanceSchedule, MaintenanceTasks } from '@portal/contract';
import { apiToken, type ApiToken } from '@portal/contract';
import { DEFAULT_MAINTENANCE_TEMPLATES } from '@portal/domain';
import type { BillingEntry } from '../factories/billing';
import { aMailInStatus } from '../factories/mail-in';
import { aClient, aCompany, anAdmin, anAgent } from '../factories/people';
import { aSecurityState, type SecurityState } from '../factories/security';

/** A stored ticket: any of the ticket shapes (summary, listed row, detail) the factories build. */
export type TicketRow = TicketSummary
  & Partial<Pick<TicketDetail, 'description' | 'contact_name' | 'assignee_name'>>
  & Partial<Pick<ListedTicket, 'is_maintenance'>>;

export type TimePeriod = 'currenttime' | 'ytdtime';

/** A one-time code the mock API mailed: a reset (set-password) code or an e-mail verification code. */
export interface OneTimeCode {
  code: string;
  contact_id: number;
  date_created: string;
}

/** A mail the mock API sent (the API writes it to its outbox): to whom, why, and the codes its links carry. */
export interface SentMail {
  to: string;
  /** requeued: a failed mail an admin put back in the queue. */
  kind: 'welcome' | 'reset' | 'activity' | 'message' | 'requeued';
  /** The set-password (reset) link's code. */
  code?: string;
  /** The welcome mail's e-mail verification link's code. */
  verifyCode?: string;
}

/** A timer as the API stores it, with its ticket. */
/** A company's bank in the mock API: the month's balance as GET answers it and the admin's settings. */
export interface MockHourBank {
  balance: HourBankBalance;
  settings: HourBankSettingsAnswer;
}

export interface MockTimer extends TimerState {
  ticket_id: number;
  date_created: string;
}

/** A company's statement of a month once held or sent, as the API stores it. */
export interface MockStatementRow {
  company_id: number;
  month: string;
  status: 'held' | 'sent';
  date_held: string | null;
  date_sent: string | null;
}

/** The in-memory portal the handlers answer from; writes change it, tests read it. */
export interface PortalData {
  contacts: Contact[];
  companies: Company[];
  tickets: TicketRow[];
  activity: Activity[];
  tasks: Task[];
  /** Saved replies, shared (owner_id null) and personal. */
  savedReplies: SavedReply[];
  /** Who follows which ticket (docs/product/tickets.md#followers-and-cc). */
  followers: (TicketFollower & { ticket_id: number })[];
  /** Addresses seen in Cc of mail in, not yet invited, by ticket. */
  ccAddresses: (CcAddress & { ticket_id: number })[];
  /** Tags by name (docs/product/tags-and-views.md); a ticket carries names in its `tags`, usage_count is counted from them. */
  tags: Tag[];
  /** Saved views, each with its owner's contact id (its count is worked out when listed). */
  savedViews: (SavedView & { contact_id: number })[];
  /** Personal access tokens (GET /account/api-tokens lists the signed-in contact's), with their owner. */
  apiTokens: (ApiToken & { contact_id: number })[];
  /** Each staff member's timer by contact id (docs/product/time-and-billing.md#timers); none: no timer. */
  timers: Record<number, MockTimer>;
  /** A company's plan hours by company id (docs/product/hour-banks.md); none: no bank. */
  hourBanks: Record<number, MockHourBank>;
  /** The maintenance clients' schedules (docs/product/maintenance.md); Run now opens a ticket for the current period. */
  maintenanceSchedules: MaintenanceSchedule[];
  /** The maintenance task templates per intensity (by default the domain's). */
  maintenanceTasks: MaintenanceTasks;
  /** A ticket's latest request to work beyond the plan, by ticket id. */
  overageApprovals: Record<number, OverageApproval>;
  /** The admins' releases screen's answer (docs/deploying-a-remote.md#canary-releases); no remote by default. */
  releases: ReleasesOverview;
  /** The lines of the release report batches browsers posted. */
  releaseReports: ReleaseReportLine[];
  /** GET /sla/settings: the business hours and targets (by default never saved: Monday to Friday, 9 to 5 UTC, no targets). */
  slaSettings: SlaSettings;
  /** A company's own targets by company id (GET /company/:id/sla-targets); none: it follows the provider's. */
  companySlaTargets: Record<number, PriorityTargetInput[]>;
  timeEntries: TimeEntry[];
  attachments: Attachment[];
  notifications: Notification[];
  options: Option[];
  /** Saved staff-list preferences by contact id; DEFAULT_LIST_PREFS otherwise. */
  listPrefs: Record<number, ListPrefsValue>;
  /** The dashboards' period totals by company / contact id; zero when absent. */
  companyTime: Record<number, Partial<Record<TimePeriod, CompanyTimeTotal>>>;
  contactTime: Record<number, Partial<Record<TimePeriod, ContactTimeTotal>>>;
  contactTimeEntries: ContactTimeEntry[];
  monthlyTime: Record<number, MonthlyTime[]>;
  ticketStats: TicketStatsMonth[];
  /** GET /sla/report by month ('YYYY-MM'); a month not here has no promised tickets. */
  slaReports: Record<string, SlaReportAnswer>;
  /** The AI helpers: the task list when `connected`; the invoice summary when `invoiceSummary` is set (its answer). */
  ai: { connected: boolean; tasks: string[]; invoiceSummary?: string };
  /** Time entries as billing reads them (payroll, invoice items); `timeEntries` is the ticket screen's list. */
  billingEntries: BillingEntry[];
  /** Issued invoices, frozen copies. */
  invoices: Invoice[];
  /** Monthly statements held or sent (docs/product/statements.md); none for a company and month: a draft. */
  statements: MockStatementRow[];
  /** The external accounting service: unconnected it answers 503; invoices by customer id. */
  accounting: { connected: boolean; customers: AccountingCustomer[]; invoices: Record<string, AccountingInvoice[]> };
  /** Reset codes (a contact no longer in `contacts` is no longer active) and verification codes. */
  resetCodes: OneTimeCode[];
  verifyCodes: OneTimeCode[];
  /** Every mail sent, oldest first. */
  outbox: SentMail[];
  /** The message centre's templates and sends (a send's pending recipients are sent when its progress is read). */
  templates: MailTemplate[];
  messages: MessageProgress[];
  /** Outbox mail given up (GET /mail-outbox/failed); a re-queue takes it off the list and sends it. */
  failedMail: FailedMail[];
  /** GET /mail-outbox/status: whether a mail server is set (by default it is); without one a send's mail stays queued. */
  mailServer: { smtp_configured: boolean };
  /** GET /options/:name/usage by list name: how many records use each id. */
  optionUsage: Record<string, Record<string, number>>;
  /** The audit trail (GET /audit, GET /ticket/:id/audit), in any order: the handlers answer newest (highest id) first. */
  audit: AuditEntry[];
  /**
   * Mail in (admins): GET /mail-in answers `status` (its `held` count is the held list's length); the held
   * list, and the originals by mail_in_id (GET /mail-in/:id/raw; none: 404).
   */
  mailIn: { status: MailInStatus; held: HeldMail[]; raw: Record<number, string> };
  /** What GET /settings/public answers. */
  settings: PublicSettings;
  /** The password POST /auth/login accepts for every contact. */
  password: string;
  /** The signed-in contact GET /auth/me answers with; renderWithPortal sets it to the viewer. */
  session: Contact | null;
  /** Account security: second factors, sessions, the staff policy (build it with aSecurityState). */
  security: SecurityState;
}

export const DEMO_PASSWORD = 'portal-demo';

function parsedRecord<T>(record: Record<number, T> | undefined, parse: (value: T) => T): Record<number, T> {
  return Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, parse(value)]));
}

/**
 * The demo portal (Ada Admin, Alan Agent, Cora Client of Acme, LLC; nothing else) with `seed`
 * laid over it. Every seeded record is parsed with its contract schema, so a fixture the
 * contract no longer accepts fails before the screen renders.
 */
export function createPortalData(seed: Partial<PortalData> = {}): PortalData {
  const periods = <T>(parse: (value: T) => T) => (value: Partial<Record<TimePeriod, T>>) => ({
    ...(value.currenttime ? { currenttime: parse(value.currenttime) } : {}),
    ...(value.ytdtime ? { ytdtime: parse(value.ytdtime) } : {}),
  });
  return {
    contacts: (seed.contacts ?? [anAdmin(), anAgent(), aClient()]).map((c) => contact.parse(c)),
    companies: (seed.companies ?? [aCompany()]).map((c) => company.parse(c)),
    tickets: (seed.tickets ?? []).map((t) => ({ ...t, ...ticketSummary.parse(t) })),
    activity: (seed.activity ?? []).map((a) => activity.parse(a)),
    tasks: (seed.tasks ?? []).map((t) => task.parse(t)),
    savedReplies: (seed.savedReplies ?? []).map((r) => savedReply.parse(r)),
    followers: (seed.followers ?? []).map((f) => ({ ...ticketFollower.parse(f), ticket_id: f.ticket_id })),
    ccAddresses: (seed.ccAddresses ?? []).map((a) => ({ ...ccAddress.parse(a), ticket_id: a.ticket_id })),
    tags: (seed.tags ?? []).map((t) => tag.parse(t)),
    savedViews: (seed.savedViews ?? []).map((v) => ({ ...savedView.parse(v), contact_id: v.contact_id })),
    apiTokens: (seed.apiTokens ?? []).map((token) => ({ ...apiToken.parse(token), contact_id: token.contact_id })),
    timers: { ...(seed.timers ?? {}) },
    hourBanks: { ...(seed.hourBanks ?? {}) },
    maintenanceSchedules: (seed.maintenanceSchedules ?? []).map((row) => ({ ...row })),
    maintenanceTasks: structuredClone(seed.maintenanceTasks ?? DEFAULT_MAINTENANCE_TEMPLATES),
    overageApprovals: { ...(seed.overageApprovals ?? {}) },
    releases: structuredClone(seed.releases ?? { remotes: [], log: [] }),
    releaseReports: [...(seed.releaseReports ?? [])],
    slaSettings: slaSettings.parse(seed.slaSettings ?? { ...DEFAULT_BUSINESS_HOURS, targets: [], date_updated: null }),
    companySlaTargets: { ...(seed.companySlaTargets ?? {}) },
    timeEntries: (seed.timeEntries ?? []).map((t) => timeEntry.parse(t)),
    attachments: (seed.attachments ?? []).map((a) => attachment.parse(a)),
    notifications: (seed.notifications ?? []).map((n) => notification.parse(n)),
    options: (seed.options ?? []).map((o) => option.parse(o)),
    listPrefs: parsedRecord(seed.listPrefs, (p) => listPrefs.parse(p)),
    companyTime: parsedRecord(seed.companyTime, periods((t: CompanyTimeTotal) => companyTimeTotal.parse(t))),
    contactTime: parsedRecord(seed.contactTime, periods((t: ContactTimeTotal) => contactTimeTotal.parse(t))),
    contactTimeEntries: (seed.contactTimeEntries ?? []).map((e) => contactTimeEntry.parse(e)),
    monthlyTime: parsedRecord(seed.monthlyTime, (months) => months.map((m) => monthlyTime.parse(m))),
    ticketStats: (seed.ticketStats ?? []).map((s) => ticketStatsMonth.parse(s)),
    slaReports: Object.fromEntries(Object.entries(seed.slaReports ?? {}).map(([month, r]) => [month, slaReport.parse(r)])),
    ai: seed.ai ?? { connected: false, tasks: [] },
    billingEntries: (seed.billingEntries ?? []).map((e) => ({ ...e })),
    invoices: (seed.invoices ?? []).map((i) => invoice.parse(i)),
    statements: (seed.statements ?? []).map((row) => ({ ...row })),
    accounting: {
      connected: seed.accounting?.connected ?? false,
      customers: (seed.accounting?.customers ?? []).map((c) => accountingCustomer.parse(c)),
      invoices: Object.fromEntries(Object.entries(seed.accounting?.invoices ?? {}).map(([id, list]) => [id, list.map((i) => accountingInvoice.parse(i))])),
    },
    resetCodes: (seed.resetCodes ?? []).map((c) => ({ ...c })),
    verifyCodes: (seed.verifyCodes ?? []).map((c) => ({ ...c })),
    outbox: [...(seed.outbox ?? [])],
    templates: (seed.templates ?? []).map((t) => mailTemplate.parse(t)),
    messages: (seed.messages ?? []).map((m) => messageProgress.parse(m)),
    failedMail: (seed.failedMail ?? []).map((m) => failedMail.parse(m)),
    mailServer: { smtp_configured: seed.mailServer?.smtp_configured ?? true },
    optionUsage: { ...(seed.optionUsage ?? {}) },
    audit: (seed.audit ?? []).map((e) => auditEntry.parse(e)),
    mailIn: {
      status: aMailInStatus(seed.mailIn?.status),
      held: (seed.mailIn?.held ?? []).map((m) => heldMail.parse(m)),
      raw: { ...(seed.mailIn?.raw ?? {}) },
    },
    settings: seed.settings ?? { kickoff_url: null, support_email: 'support@portal.test' },
    password: seed.password ?? DEMO_PASSWORD,
    session: seed.session ?? null,
    security: aSecurityState(seed.security),
  };
}
