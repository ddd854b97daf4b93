// @portal/contract/endpoints: every API route, written once (docs/decisions/0018-each-endpoint-defined-once.md).
// Plain data and types only: importing it never builds a zod schema. One file per resource, named
// after the API's route file; a name is unique across the whole table (endpoints.test.ts).
import { activityEndpoints } from './activity';
import { attachmentEndpoints } from './attachments';
import { accountingEndpoints } from './accounting';
import { aiEndpoints } from './ai';
import { auditEndpoints } from './audit';
import { searchEndpoints } from './search';
import { invoiceEndpoints } from './invoices';
import { contactEndpoints } from './contacts';
import { companyEndpoints } from './companies';
import { companyContactEndpoints } from './company-contacts';
import { companyMetaEndpoints } from './company-meta';
import { mailInEndpoints } from './mail-in';
import { securityEndpoints } from './security';
import { emailChangeEndpoints } from './email-changes';
import { optionEndpoints } from './options';
import { authEndpoints } from './auth';
import { registrationEndpoints } from './registration';
import { settingsEndpoints } from './settings';
import type { EndpointTable } from './endpoint';
import { eventEndpoints } from './events';
import { messageEndpoints } from './messages';
import { notificationEndpoints } from './notifications';
import { statsEndpoints } from './stats';
import { jobEndpoints, systemEndpoints } from './system';
import { taskEndpoints } from './tasks';
import { templateEndpoints } from './templates';
import { savedReplyEndpoints } from './saved-replies';
import { savedViewEndpoints } from './saved-views';
import { tagEndpoints } from './tags';
import { followerEndpoints } from './followers';
import { slaEndpoints } from './sla';
import { slaReportEndpoints } from './sla-report';
import { ticketEndpoints } from './tickets';
import { timeEndpoints } from './time';
import { maintenanceEndpoints } from './maintenance';
import { timerEndpoints } from './timer';
import { hourBankEndpoints } from './hour-banks';
import { statementEndpoints } from './statements';
import { apiTokenEndpoints } from './api-tokens';
import { inboundEndpoints } from './inbound';
import { exportEndpoints } from './exports';
import { webhookEndpoints } from './webhooks';
import { releaseEndpoints } from './releases';

export type {
  AnswerInputOf, AnswerOf, BodyOf, CallOf, ContractModule, Endpoint, EndpointTable, JsonEndpoint, Method, ParamsOf, ParsedBodyOf, ParsedParamsOf,
  ParsedQueryOf, PathParamNames, QueryOf, SchemaName,
} from './endpoint';
export { pathOf, queryString } from './endpoint';
export { settingsEndpoints } from './settings';
export { registrationEndpoints } from './registration';
export { authEndpoints } from './auth';
export { optionEndpoints } from './options';
export { securityEndpoints } from './security';
export { emailChangeEndpoints } from './email-changes';
export { mailInEndpoints } from './mail-in';
export { companyMetaEndpoints } from './company-meta';
export { companyContactEndpoints } from './company-contacts';
export { companyEndpoints } from './companies';
export { contactEndpoints } from './contacts';
export { invoiceEndpoints } from './invoices';
export { searchEndpoints } from './search';
export { auditEndpoints } from './audit';
export { aiEndpoints } from './ai';
export { accountingEndpoints } from './accounting';
export { activityEndpoints } from './activity';
export { attachmentEndpoints } from './attachments';
export { eventEndpoints } from './events';
export { messageEndpoints } from './messages';
export { notificationEndpoints } from './notifications';
export { statsEndpoints } from './stats';
export { jobEndpoints, systemEndpoints } from './system';
export { taskEndpoints } from './tasks';
export { templateEndpoints } from './templates';
export { savedReplyEndpoints } from './saved-replies';
export { savedViewEndpoints } from './saved-views';
export { tagEndpoints } from './tags';
export { followerEndpoints } from './followers';
export { slaEndpoints } from './sla';
export { slaReportEndpoints } from './sla-report';
export { ticketEndpoints } from './tickets';
export { timeEndpoints, timePeriodEndpoints } from './time';
export { maintenanceEndpoints } from './maintenance';
export { timerEndpoints } from './timer';
export { hourBankEndpoints } from './hour-banks';
export { statementEndpoints } from './statements';
export { apiTokenEndpoints } from './api-tokens';
export { inboundEndpoints } from './inbound';
export { exportEndpoints } from './exports';
export { webhookEndpoints } from './webhooks';
export { releaseEndpoints } from './releases';

/** Each resource's table, by resource. */
export const endpointTables = {
  settings: settingsEndpoints,
  registration: registrationEndpoints,
  auth: authEndpoints,
  options: optionEndpoints,
  security: securityEndpoints,
  emailChanges: emailChangeEndpoints,
  mailIn: mailInEndpoints,
  companyMeta: companyMetaEndpoints,
  companyContacts: companyContactEndpoints,
  companies: companyEndpoints,
  contacts: contactEndpoints,
  invoices: invoiceEndpoints,
  search: searchEndpoints,
  audit: auditEndpoints,
  ai: aiEndpoints,
  accounting: accountingEndpoints,
  activity: activityEndpoints,
  attachments: attachmentEndpoints,
  events: eventEndpoints,
  messages: messageEndpoints,
  notifications: notificationEndpoints,
  stats: statsEndpoints,
  system: systemEndpoints,
  jobs: jobEndpoints,
  tasks: taskEndpoints,
  templates: templateEndpoints,
  savedReplies: savedReplyEndpoints,
  savedViews: savedViewEndpoints,
  tags: tagEndpoints,
  followers: followerEndpoints,
  sla: slaEndpoints,
  slaReport: slaReportEndpoints,
  tickets: ticketEndpoints,
  time: timeEndpoints,
  maintenance: maintenanceEndpoints,
  timer: timerEndpoints,
  hourBanks: hourBankEndpoints,
  statements: statementEndpoints,
  apiTokens: apiTokenEndpoints,
  inbound: inboundEndpoints,
  exports: exportEndpoints,
  webhooks: webhookEndpoints,
  releases: releaseEndpoints,
} as const satisfies Readonly<Record<string, EndpointTable>>;

/** Every endpoint of the API by name: the server registers exactly these (api/src/routes/endpoint-route.test.ts). */
export const endpoints = {
  ...settingsEndpoints,
  ...registrationEndpoints,
  ...authEndpoints,
  ...optionEndpoints,
  ...securityEndpoints,
  ...emailChangeEndpoints,
  ...mailInEndpoints,
  ...companyMetaEndpoints,
  ...companyContactEndpoints,
  ...companyEndpoints,
  ...contactEndpoints,
  ...invoiceEndpoints,
  ...searchEndpoints,
  ...auditEndpoints,
  ...aiEndpoints,
  ...accountingEndpoints,
  ...activityEndpoints,
  ...attachmentEndpoints,
  ...eventEndpoints,
  ...messageEndpoints,
  ...notificationEndpoints,
  ...statsEndpoints,
  ...systemEndpoints,
  ...jobEndpoints,
  ...taskEndpoints,
  ...templateEndpoints,
  ...savedReplyEndpoints,
  ...savedViewEndpoints,
  ...tagEndpoints,
  ...followerEndpoints,
  ...slaEndpoints,
  ...slaReportEndpoints,
  ...ticketEndpoints,
  ...timeEndpoints,
  ...maintenanceEndpoints,
  ...timerEndpoints,
  ...hourBankEndpoints,
  ...statementEndpoints,
  ...apiTokenEndpoints,
  ...inboundEndpoints,
  ...exportEndpoints,
  ...webhookEndpoints,
  ...releaseEndpoints,
} as const satisfies EndpointTable;

/** The name of an endpoint of the table. */
export type EndpointName = keyof typeof endpoints;
/** An endpoint of the table (not merely shaped like one): what the client may call. */
export type TableEndpoint = (typeof endpoints)[EndpointName];
