import type { DigestKind } from '@portal/domain';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Timestamps are ISO-8601 UTC text and flags are 0/1 integers so that the same rows and queries
// work unchanged on SQLite and PostgreSQL.

export interface ContactsTable {
  contact_id: Generated<number>;
  title: string | null;
  first_name: string;
  last_name: string;
  /** Stored trimmed and lower-cased: sign-in compares e-mails case-insensitively. */
  email: string;
  phone: string | null;
  group_id: number;
  password_hash: string | null;
  active: Generated<number>;
  date_created: string;
  /** 'en' or 'de' as the contact chose it (migration 0045); null: the portal's default language (option `locale`). */
  language: string | null;
}

export interface MetaTable {
  id: Generated<number>;
  meta_key: string;
  meta_value: string | null;
  date_created: string;
}
export interface ContactMetaTable extends MetaTable { contact_id: number }
export interface CompanyMetaTable extends MetaTable { company_id: number }

export interface CompaniesTable {
  company_id: Generated<number>;
  name: string;
  url: string | null;
  /** The site as compared (normalizeCompanyUrl: 'acme.com'), unique; null without a URL. */
  url_key: string | null;
  description: string | null;
  mode: number;
  note: string | null;
  date_created: string;
}

export interface CompanyContactsTable {
  company_id: number;
  contact_id: number;
  title: string | null;
  primary: number;
}

export interface TicketsTable {
  ticket_id: Generated<number>;
  contact_id: number | null;
  company_id: number;
  assignee_id: number | null;
  title: string;
  description: string;
  type_id: number;
  priority_id: number;
  status_id: number;
  date_created: string;
  date_updated: string;
  date_due: string | null;
  date_assigned: string | null;
  date_completed: string | null;
  on_hold: number;
  estimate_required: number;
  estimated_time: number;
  estimate_approved: number;
}

export interface ActivityTable {
  activity_id: Generated<number>;
  ticket_id: number;
  contact_id: number | null;
  /** Snapshot of the writer's name: the feed still reads right after the contact is deleted. */
  contact_name: string | null;
  note: string;
  date_created: string;
  /** 'mail': the note came by e-mail (mail in); 'status': a status line a status change wrote; null: written in the portal. */
  source: 'mail' | 'status' | null;
  /** 1: an internal note, the support team's only (docs/product/tickets.md#internal-notes; migration 0029). */
  internal: Generated<number>;
}

export interface TimeEntriesTable {
  time_id: Generated<number>;
  contact_id: number | null;
  ticket_id: number | null;
  /** Snapshots: billing history survives deleting the company, the ticket or the contact. */
  company_id: number | null;
  company_name: string | null;
  contact_name: string | null;
  pay_rate: number | null;
  date: string;
  /** Units of 6 minutes (0.1 hour); a correction's may be negative. */
  time: number;
  description: string;
  date_created: string;
  /** A correction: the (invoiced) entry it corrects (migration 0013). */
  corrects_time_id: number | null;
}

export interface TasksTable {
  task_id: Generated<number>;
  ticket_id: number;
  instruction: string;
  sort_order: number;
  date_completed: string | null;
  date_created: string;
}

export interface AttachmentsTable {
  attachment_id: Generated<number>;
  ticket_id: number;
  target_type: string;
  contact_id: number | null;
  name: string;
  stored_name: string;
  type: string;
  size: number;
  date_created: string;
  /** Where the bytes are: 'files' (DATA_DIR/uploads/<stored_name>) or 'database' (attachment_chunks). */
  stored_in: Generated<AttachmentStoreName>;
  /** 1: added with an internal note, the support team's only (migration 0029). */
  internal: Generated<number>;
}

export type AttachmentStoreName = 'files' | 'database';

/** One piece of an attachment's bytes in the database store, in order of seq (docs/product/tickets.md#where-attachments-are-kept). */
export interface AttachmentChunksTable {
  stored_name: string;
  seq: number;
  bytes: Buffer;
  /** When the chunk was written (ISO 8601, UTC): how the leftover job tells an upload under way from an abandoned one. */
  written_at: string | null;
}

export interface NotificationsTable {
  notification_id: Generated<number>;
  contact_id: number;
  ticket_id: number | null;
  note: string;
  date_created: string;
  /** When its owner read it; null while unread (the bell's badge counts these). */
  date_read: string | null;
}

export interface OptionsTable {
  option_id: Generated<number>;
  option_name: string;
  /** JSON text. */
  option_value: string;
  date_updated: string;
}

export interface MailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  message: string;
  date_created: string;
}

export interface MessagesTable {
  message_id: Generated<number>;
  subject: string;
  /** Markdown with {{tokens}}, as the admin wrote it. */
  message: string;
  kind: string;
  sender_id: number | null;
  date_created: string;
}

export type MessageRecipientStatus = 'pending' | 'sent' | 'failed';

export interface MessageRecipientsTable {
  id: Generated<number>;
  message_id: number;
  contact_id: number;
  name: string;
  email: string;
  /** JSON of the recipient's token values, fixed when the message was sent. */
  tokens: string;
  status: Generated<MessageRecipientStatus>;
  error: string | null;
  date_sent: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  /** The outbox mail the recipient was given (migration 0015); null before it was mailed, and on older sends. */
  outbox_id: number | null;
}

export interface SessionsTable {
  session_id: Generated<number>;
  /** sha256 of the cookie token: a stolen database does not yield usable sessions. */
  token_hash: string;
  contact_id: number;
  date_created: string;
  /** Absolute end (sessionDays after sign-in), whatever the use. */
  expires: string;
  /** Last use, renewed at most once a minute: older than SESSION_IDLE_HOURS ends the session. */
  last_seen: string;
  /** The browser's user agent and the address at sign-in (migration 0021); null on older sessions. */
  user_agent: string | null;
  address: string | null;
  /** When the owner last gave the password or a factor on it (migration 0028): sign-in, or the Security page's confirmation. */
  stepped_up_at: string | null;
}

/** An e-mail change's single-use link (migration 0028): sha256 of its token, 'undo' to the old address or 'confirm' to the new. */
export interface EmailChangesTable {
  id: Generated<number>;
  contact_id: number;
  purpose: 'undo' | 'confirm';
  token_hash: string;
  old_email: string;
  new_email: string;
  date_created: string;
  expires_at: string;
}

/** An authenticator app (migration 0021): its secret sealed with AES-256-GCM; enabled once a first code confirmed it. */
export interface ContactTotpTable {
  contact_id: number;
  secret_sealed: string;
  enabled: number;
  /** The time step of the last code accepted: a code is never accepted twice. */
  last_step: number | null;
  date_created: string;
  date_enabled: string | null;
}

/** A WebAuthn credential (migration 0021): its id and public key (base64url), never a secret. */
export interface PasskeysTable {
  passkey_id: Generated<number>;
  contact_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports, as the browser reported them. */
  transports: string | null;
  name: string;
  date_created: string;
  last_used: string | null;
}

/** sha256 of one unused recovery code (migration 0021); the row is deleted when the code is used. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  contact_id: number;
  code_hash: string;
  date_created: string;
}

/** second_factor: a password step awaiting its second factor; passkey_sign_in / passkey_register: a WebAuthn ceremony. */
export type SignInChallengePurpose = 'second_factor' | 'passkey_sign_in' | 'passkey_register';

export interface SignInChallengesTable {
  id: Generated<number>;
  /** sha256 of the cookie token (or of the session's, for a registration). */
  token_hash: string;
  purpose: SignInChallengePurpose;
  contact_id: number | null;
  webauthn_challenge: string | null;
  /** Codes judged on this sign-in, each counted before it is judged. */
  attempts: number;
  expires: string;
  date_created: string;
}

/** One account's second-factor guesses (migration 0027), counted before each is judged; deleted by a right code. */
export interface SecondFactorGuessesTable {
  contact_id: number;
  attempts: number;
  window_start: string;
  locked_until: string | null;
}

/** A browser (name and system) a contact has signed in with: a new one is told by mail. */
export interface ContactBrowsersTable {
  contact_id: number;
  browser: string;
  system: string;
  first_seen: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string | null;
  html: string | null;
  date_created: string;
  date_sent: string | null;
  error: string | null;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  /** When the runner may retry the row; null: due at once (a new row). */
  next_attempt_at: string | null;
  /** The runner holding the row until `lease_until`: another one takes it only after that. */
  lease_owner: string | null;
  lease_until: string | null;
  /** The mail's own Message-ID (`<…@host>`); null on rows from before mail in (the sender makes one up). */
  message_id: string | null;
  /** JSON object of the extra headers it is sent with (In-Reply-To, References, Reply-To, Auto-Submitted), or null. */
  headers: string | null;
  /** A failed mail sent again as this outbox mail (a message-centre re-send): it is not re-queued itself (migration 0015). */
  superseded_by: number | null;
}

/** pending: waiting or retrying; sent: the SMTP server took it; failed: given up after the last attempt (kept). */
export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A notification digest's claim of its period, and where the next one of that kind starts. */
export interface NotificationDigestsTable {
  id: Generated<number>;
  contact_id: number;
  kind: DigestKind;
  period_start: string;
  last_notification_id: number;
  notification_count: number;
  date_created: string;
}

/** Keys the server makes for itself (the unsubscribe links' signing key), shared by every process. */
export interface AppSecretsTable {
  name: string;
  value: string;
  date_created: string;
}

/** One limited key's current window (migration 0008); times in epoch milliseconds. */
export interface RateLimitHitsTable {
  key: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

/** One entry of the audit trail (migration 0010); `changes` is JSON: [{ field, before, after }]. */
export interface AuditLogTable {
  audit_id: Generated<number>;
  date_created: string;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  company_id: number | null;
  subject: string | null;
  changes: string;
  ip: string | null;
}

/** What a one-time code is for: a password reset, or the e-mail verification of a new contact. */
export type ContactCodePurpose = 'reset' | 'verify';

export interface ContactCodesTable {
  id: Generated<number>;
  contact_id: number;
  purpose: ContactCodePurpose;
  /** sha256 of the code: the code itself is only ever in the mail (or the admin's link). */
  code_hash: string;
  date_created: string;
  expires_at: string;
}

/**
 * An issued invoice: a frozen copy (docs/product/time-and-billing.md#invoices), money in integer cents
 * (docs/decisions/0007-money-in-cents.md).
 */
export interface InvoicesTable {
  invoice_id: Generated<number>;
  /** No foreign key: the invoice outlives its company. */
  company_id: number;
  company_name: string;
  number: string;
  /** 'YYYY-MM'. */
  month: string;
  period_from: string;
  period_to: string;
  time_zone: string;
  /** 'YYYY-MM-DD'. */
  issue_date: string;
  due_date: string;
  status: 'issued' | 'paid';
  paid_at: string | null;
  summary: string;
  provider_name: string;
  provider_email: string;
  /** The rates used: the standard unit price and the meeting hourly rate, in cents. */
  unit_price_cents: number;
  meeting_hourly_cents: number;
  standard_units: number;
  standard_cents: number;
  meeting_units: number;
  meeting_cents: number;
  total_cents: number;
  issued_by: number | null;
  date_created: string;
  /** A company with plan hours (migration 0038; docs/product/hour-banks.md#on-the-invoice): its Included hours and Overage lines as issued; else null. */
  bank_included_units: number | null;
  bank_overage_units: number | null;
  bank_overage_cents: number | null;
}

export interface InvoiceItemsTable {
  item_id: Generated<number>;
  invoice_id: number;
  time_id: number | null;
  date: string;
  ticket_id: number | null;
  ticket_title: string | null;
  description: string;
  units: number;
  rate_kind: 'standard' | 'meeting';
  amount_cents: number;
  estimated_time: number | null;
  ticket_time: number | null;
  sort_order: number;
  /** A correction line: the entry it corrects and that entry's date (migration 0013). */
  corrects_time_id: number | null;
  corrects_date: string | null;
}

export interface Database {
  contacts: ContactsTable;
  contact_meta: ContactMetaTable;
  companies: CompaniesTable;
  company_meta: CompanyMetaTable;
  company_contacts: CompanyContactsTable;
  tickets: TicketsTable;
  activity: ActivityTable;
  time_entries: TimeEntriesTable;
  tasks: TasksTable;
  attachments: AttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
  notifications: NotificationsTable;
  options: OptionsTable;
  mail_templates: MailTemplatesTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  sessions: SessionsTable;
  contact_totp: ContactTotpTable;
  passkeys: PasskeysTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  contact_browsers: ContactBrowsersTable;
  second_factor_guesses: SecondFactorGuessesTable;
  mail_outbox: MailOutboxTable;
  contact_codes: ContactCodesTable;
  email_changes: EmailChangesTable;
  notification_digests: NotificationDigestsTable;
  app_secrets: AppSecretsTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  rate_limit_hits: RateLimitHitsTable;
  audit_log: AuditLogTable;
  ticket_mail_ids: TicketMailIdsTable;
  mail_in_messages: MailInMessagesTable;
  mail_in_state: MailInStateTable;
  sla_settings: SlaSettingsTable;
  company_sla_targets: CompanySlaTargetsTable;
  sla_events: SlaEventsTable;
  saved_replies: SavedRepliesTable;
  tags: TagsTable;
  ticket_tags: TicketTagsTable;
  saved_views: SavedViewsTable;
  timers: TimersTable;
  maintenance_runs: MaintenanceRunsTable;
  maintenance_schedules: MaintenanceSchedulesTable;
  hour_banks: HourBanksTable;
  hour_bank_notices: HourBankNoticesTable;
  overage_approvals: OverageApprovalsTable;
  ticket_followers: TicketFollowersTable;
  ticket_cc_addresses: TicketCcAddressesTable;
  statements: StatementsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  inbound_keys: InboundKeysTable;
  release_canaries: ReleaseCanariesTable;
  release_reports: ReleaseReportsTable;
  release_log: ReleaseLogTable;
}

/** A remote's canary beside its live version (migration 0044; docs/deploying-a-remote.md#canary-releases): one per remote at most. */
export interface ReleaseCanariesTable {
  remote: string;
  version: string;
  /** The URL of the canary build's mf-manifest.json. */
  entry: string;
  /** The share of people served it, in whole percent. */
  share: number;
  started_at: string;
  /** Who started it (DEPLOYED_BY): told when it is rolled back or promoted by itself. */
  started_by: string;
  /** When it is made live by itself if it stays healthy; null: by hand only. */
  auto_promote_at: string | null;
}

/** What browsers reported of one remote's version in one minute, a count per kind (migration 0044). */
export interface ReleaseReportsTable {
  remote: string;
  version: string;
  /** `YYYY-MM-DDTHH:MM:00.000Z` */
  minute: string;
  loads: Generated<number>;
  errors: Generated<number>;
  rejections: Generated<number>;
  panels: Generated<number>;
  chunks: Generated<number>;
  no_headings: Generated<number>;
}

/** One line of the deploy log, as the admins' releases screen reads it (migration 0044). */
export interface ReleaseLogTable {
  id: Generated<number>;
  at: string;
  /** Who: DEPLOYED_BY, or `system` for what the judge did by itself. */
  by: string;
  remote: string;
  action: string;
  version: string;
  entry: string;
  /** The version it replaced, when it replaced one. */
  previous: string | null;
  reason: string | null;
}

/** A caller's idempotency key for inbound tickets (migration 0043; docs/product/integrations.md#a-ticket-from-anywhere): once per company. */
export interface InboundKeysTable {
  company_id: number;
  key: string;
  /** The ticket the key last opened; a repeat while it is open adds a note to it. */
  ticket_id: number;
  date_created: string;
}

/** A personal access token (migration 0041; docs/product/integrations.md#api-tokens): only its sha256 is stored. */
export interface ApiTokensTable {
  token_id: Generated<number>;
  contact_id: number;
  name: string;
  token_hash: string;
  access: 'read' | 'write' | 'inbound';
  /** A staff member's token narrowed to one company; null: the owner's own reach. */
  company_id: number | null;
  /** null: never expires. */
  expires_at: string | null;
  date_created: string;
  /** Written at most once a minute. */
  last_used_at: string | null;
  last_used_address: string | null;
  revoked_at: string | null;
  /** Who revoked it; null with revoked_at set: the owner's password or second factor changed. */
  revoked_by: number | null;
}

/**
 * A company's monthly statement once held or sent (migration 0040; docs/product/statements.md): no row is a draft.
 * held: an admin keeps it back (the send skips it until released); sent: queued in the outbox, once.
 */
export interface StatementsTable {
  company_id: number;
  /** 'YYYY-MM'. */
  month: string;
  status: 'held' | 'sent';
  held_by: number | null;
  date_held: string | null;
  date_sent: string | null;
  /** JSON array of the outbox ids it was queued as (one per primary contact). */
  outbox_ids: string | null;
}

/** Who follows a ticket (migration 0033; docs/product/tickets.md#followers-and-cc): once per contact. */
export interface TicketFollowersTable {
  ticket_id: number;
  contact_id: number;
  /** Who added them; null when that person is gone. */
  added_by: number | null;
  date_added: string;
}

/** An address in Cc of mail in that is no contact of the ticket's company (migration 0033): listed for staff, never mailed. */
export interface TicketCcAddressesTable {
  id: Generated<number>;
  ticket_id: number;
  address: string;
  date_first_seen: string;
  /** 1: staff chose not to invite it. */
  dismissed: Generated<number>;
}

/** The provider's business hours and targets (migration 0031; docs/product/response-times.md): one row, id 1. */
export interface SlaSettingsTable {
  id: number;
  time_zone: string;
  /** JSON: the working days, [{ day: 1 (Monday) … 7, open: 'HH:MM', close: 'HH:MM' }]. */
  days: string;
  /** JSON: closed dates, ['YYYY-MM-DD']. */
  holidays: string;
  /** JSON: [{ priority_id, first_response_minutes, resolution_minutes }]. */
  targets: string;
  date_updated: string;
}

/** A ticket's warning and breach of one target (migration 0034; docs/product/response-times.md#warnings-and-breaches), each once. */
export interface SlaEventsTable {
  ticket_id: number;
  target: 'first_response' | 'resolution';
  warned_at: string | null;
  breached_at: string | null;
}

/** A company's own targets per priority (migration 0031), replacing the provider's for its tickets. */
export interface CompanySlaTargetsTable {
  company_id: number;
  /** JSON, as sla_settings.targets. */
  targets: string;
  date_updated: string;
}

/** A tag (migration 0035; docs/product/tags-and-views.md): name_key is the name in lower case, unique. */
export interface TagsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  date_created: string;
}

/** A tag on a ticket (migration 0035): once per ticket and tag. */
export interface TicketTagsTable {
  ticket_id: number;
  tag_id: number;
  date_added: string;
}

/** A period a company's maintenance schedule opened (migration 0037; docs/product/maintenance.md): once per company and period. */
export interface MaintenanceRunsTable {
  company_id: number;
  /** 'YYYY-MM': the period's first month (the key, with company_id). */
  period_start: string;
  /** 'YYYY-MM': the period's last month. */
  period_end: string;
  /** The maintenance ticket opened; null once deleted. */
  ticket_id: number | null;
  date_created: string;
}

/** A company's schedule paused or active (migration 0037); no row: active. */
export interface MaintenanceSchedulesTable {
  company_id: number;
  paused: Generated<number>;
  date_updated: string;
}

/** A staff member's one timer (migration 0039; docs/product/time-and-billing.md#timers). */
export interface TimersTable {
  contact_id: number;
  ticket_id: number;
  /** When the running stretch began. */
  started_at: string;
  /** Seconds of the stretches before it. */
  accumulated_seconds: Generated<number>;
  /** Set while paused. */
  paused_at: string | null;
  /** The 4-hour "still going?" was sent. */
  asked_at: string | null;
  /** The job paused it at the 10-hour limit. */
  limit_paused_at: string | null;
  date_created: string;
}

/** A staff member's saved view (migration 0036): filter is JSON (the contract's savedViewFilter). */
export interface SavedViewsTable {
  id: Generated<number>;
  contact_id: number;
  name: string;
  name_key: string;
  screen: string;
  filter: string;
  position: Generated<number>;
  date_created: string;
}

/** A saved reply (migration 0030): owner_id null is shared with the staff (docs/product/saved-replies.md). */
export interface SavedRepliesTable {
  id: Generated<number>;
  title: string;
  body: string;
  owner_id: number | null;
  usage_count: Generated<number>;
  date_created: string;
  date_updated: string;
}

/** A Message-ID the portal sent about a ticket, to one address (docs/product/notifications-and-mail.md#answerable-mail). */
export interface TicketMailIdsTable {
  message_id: string;
  ticket_id: number;
  contact_id: number | null;
  to_address: string;
  date_created: string;
  /** 1: the mail was about an internal note (staff only): an answer to it is internal too (migration 0029). */
  internal: Generated<number>;
}

/**
 * What became of a message read from the support mailbox (docs/product/notifications-and-mail.md#mail-in):
 * note (a note on a ticket), ticket (a new ticket), held (waiting for an admin), ignored (noise: auto-replies,
 * bounces, lists, our own mail), attached (a held message an admin put on a ticket), dropped (an admin threw it away).
 */
export type MailInStatus = 'note' | 'ticket' | 'held' | 'ignored' | 'attached' | 'dropped';

export interface MailInMessagesTable {
  mail_in_id: Generated<number>;
  /** The message's own Message-ID, or `<sha256.…@mail-in>` of its bytes when it has none: unique. */
  message_id: string;
  uid: number | null;
  from_address: string;
  from_name: string | null;
  subject: string;
  date_received: string;
  status: MailInStatus;
  /** Why it was held or ignored (a MailInReason). */
  reason: string | null;
  ticket_id: number | null;
  activity_id: number | null;
  contact_id: number | null;
  /** The new words as a note would show them (held messages: what attaching would write). */
  text: string | null;
  /** The original message, base64, at most MAIL_IN_RAW_MAX bytes before encoding. */
  raw: string | null;
  raw_size: Generated<number>;
  date_decided: string | null;
  decided_by: number | null;
  /** What was found about its sender (`dmarc=pass (mx.example.com)`, …; migration 0026); null for mail read before. */
  verdict: string | null;
}

/** The one row (id 1) of the fetcher: its lease, where it got to and what the admin screen shows. */
export interface MailInStateTable {
  id: number;
  lease_owner: string | null;
  lease_until: string | null;
  mailbox: string | null;
  uid_validity: string | null;
  last_uid: Generated<number>;
  connected_at: string | null;
  last_fetch_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

export type ContactRow = Selectable<ContactsTable>;
export type NewContact = Insertable<ContactsTable>;
export type ContactPatch = Updateable<ContactsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type TicketRow = Selectable<TicketsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type MetaRow = Selectable<MetaTable>;
export type ContactCodeRow = Selectable<ContactCodesTable>;
export type OutboxRow = Selectable<MailOutboxTable>;
export type MailInMessageRow = Selectable<MailInMessagesTable>;
export type MailInStateRow = Selectable<MailInStateTable>;

/** A company's hour bank (migration 0038; docs/product/hour-banks.md): no row, no bank. */
export interface HourBanksTable {
  company_id: number;
  /** Units (6 minutes) included per month as an admin set them; null: from the plan's price. */
  included_units: number | null;
  /** At most this many unused units carry over to the next month; 0: they expire. */
  rollover_cap_units: Generated<number>;
  /** 'YYYY-MM': the month the bank began; nothing rolls over into it. */
  start_month: string;
  date_updated: string;
}

/** The 80 % or 100 % notice of a company's month (migration 0038), written once. */
export interface HourBankNoticesTable {
  company_id: number;
  /** 'YYYY-MM' in the portal's time zone. */
  month: string;
  threshold: number;
  date_sent: string;
}

/** A ticket's request to work beyond the bank in a month and the client's answer (migration 0038). */
export interface OverageApprovalsTable {
  id: Generated<number>;
  ticket_id: number;
  month: string;
  /** Units asked for beyond the bank. */
  units: number;
  status: 'pending' | 'approved' | 'declined';
  requested_by: number | null;
  date_requested: string;
  decided_by: number | null;
  date_decided: string | null;
}

/** An admin's webhook endpoint (migration 0042; docs/product/integrations.md#webhooks). */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** The signing secret sealed with the secret box (api/src/secret-box.ts). */
  secret: string;
  /** JSON array of the event types it wants. */
  events: string;
  company_id: number | null;
  format: 'json' | 'slack' | 'teams';
  urgent_only: Generated<number>;
  staff_only: Generated<number>;
  active: Generated<number>;
  disabled_reason: string | null;
  /** When its deliveries began failing; cleared by a success. */
  failing_since: string | null;
  created_by: number | null;
  date_created: string;
}

/** One change a webhook may announce, written in the change's transaction (migration 0042). */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** The stable id receivers see (`evt_…`). */
  event_id: string;
  type: string;
  ticket_id: number | null;
  company_id: number | null;
  /** 1: an internal note, only for staff-only endpoints. */
  internal: Generated<number>;
  /** 1: about an urgent ticket (the "Urgent tickets only" filter). */
  urgent: Generated<number>;
  fanned_out: Generated<number>;
  /** JSON: the `data` of the delivered body. */
  payload: string;
  date_created: string;
}

/** One event for one endpoint: the unit of sending, leased like the mail outbox (migration 0042). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  /** webhook_events.id */
  event_id: number;
  ticket_id: number | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_status_code: number | null;
  /** The receiver's answer, at most 500 characters. */
  last_answer: string | null;
  last_error: string | null;
  date_created: string;
  date_delivered: string | null;
}
