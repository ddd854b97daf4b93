export {
  ACME_ID, aClient, aCompany, aCompanyContact, aContact, anAdmin, anAgent, aNotification, aStaffContact,
} from './factories/people';
export {
  aListedTicket, anActivity, anAttachment, aTask, aTicket, aTicketDetail, aTicketSummary, aTimeEntry,
} from './factories/tickets';
export {
  aCompanyTimeTotal, aContactTimeEntry, aContactTimeTotal, aLookupItem, aMonthlyTime, anOption, aTicketStatsMonth,
} from './factories/dashboards';
export {
  aBillingEntry, anAccountingCustomer, anAccountingInvoice, anInvoice, dayOfMonthIso,
} from './factories/billing';
export type { BillingEntry } from './factories/billing';
export { anAuditEntry } from './factories/audit';
export { aSavedReply } from './factories/saved-replies';
export { aPasskey, aSecurityOverview, aSecurityState, aSession, MOCK_TOTP_CODE } from './factories/security';
export type { SecurityState, MockEmailChange } from './factories/security';
export { aHeldMail, aMailInStatus } from './factories/mail-in';
export { aFailedMail, aSentMessage, aSentRecipient } from './factories/messages';
export { createPortalData, DEMO_PASSWORD } from './mock-api/portal-data';
export type { OneTimeCode, PortalData, SentMail, TicketRow, TimePeriod } from './mock-api/portal-data';
export type { MockHourBank } from './mock-api/portal-data';
export { createMockApi, portalHandlers } from './mock-api/create-mock-api';
export type { MockApi } from './mock-api/create-mock-api';
export { apiPath, errorAnswer, reply } from './mock-api/respond';
export { createFakeLiveStream, FakeEventSource } from './mock-api/live-stream';
export type { FakeLiveStream } from './mock-api/live-stream';
export { recordedRequests, recordedWrites, server } from './mock-api/server';
export type { RecordedRequest } from './mock-api/server';
export { LocationMarker, renderWithPortal, signInAs } from './render-with-portal';
export { expectPageAsksForItsReads } from './page-reads';
export { agencyCurrency, inGerman, readIn } from './languages';
export type { PortalRender, RenderWithPortalOptions } from './render-with-portal';
export { delay, http, HttpResponse } from 'msw';
