import { sql, type Migration, type MigrationProvider } from 'kysely';
import { notNull, withId, type AnyDb, type DialectName } from './migration-helpers';
import { statusAndDateIndexes } from './migration-0002-status-and-date-indexes';
import { polledReadIndexes } from './migration-0003-polled-read-indexes';
import { contactCodes } from './migration-0004-contact-codes';
import { messages } from './migration-0006-messages';
import { mailJobs } from './migration-0005-mail-jobs';
import { invoices } from './migration-0007-invoices';
import { rateLimits } from './migration-0008-rate-limits';
import { sessionLastSeen } from './migration-0009-session-last-seen';
import { auditLog } from './migration-0010-audit-log';
import { mailIn } from './migration-0011-mail-in';
import { companyUrlKeys } from './migration-0012-company-url-key';
import { fullTextSearch } from './migration-0018-full-text-search';
import { timeCorrections } from './migration-0013-time-corrections';
import { payRateSnapshots } from './migration-0014-pay-rate-snapshots';
import { messageMail } from './migration-0015-message-mail';
import { historyReads } from './migration-0017-history-reads';
import { attachmentChunks } from './migration-0020-attachment-chunks';
import { searchScope } from './migration-0022-search-scope';
import { searchCompanyBuckets } from './migration-0023-search-company-buckets';
import { attachmentLeftovers } from './migration-0024-attachment-leftovers';
import { accountSecurity } from './migration-0021-account-security';
import { changeSequence } from './migration-0025-change-sequence';
import { mailInVerdict } from './migration-0026-mail-in-verdict';
import { secondFactorGuesses } from './migration-0027-second-factor-guesses';
import { stepUpAndEmailChanges } from './migration-0028-step-up-and-email-changes';
import { internalNotes } from './migration-0029-internal-notes';
import { savedReplies } from './migration-0030-saved-replies';
import { responseTimes } from './migration-0031-response-times';
import { notificationReads } from './migration-0032-notification-reads';
import { ticketFollowers } from './migration-0033-ticket-followers';
import { slaEvents } from './migration-0034-sla-events';
import { ticketTags } from './migration-0035-ticket-tags';
import { savedViews } from './migration-0036-saved-views';
import { timers } from './migration-0039-timers';
import { maintenanceSchedule } from './migration-0037-maintenance-schedule';
import { hourBanks } from './migration-0038-hour-banks';
import { statements } from './migration-0040-statements';
import { apiTokens } from './migration-0041-api-tokens';
import { webhooks } from './migration-0042-webhooks';
import { inboundKeys } from './migration-0043-inbound-keys';
import { releases } from './migration-0044-releases';
import { contactLanguage } from './migration-0045-contact-language';

export type { DialectName } from './migration-helpers';

function initialSchema(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('contacts'), 'contact_id')
        .addColumn('title', 'text')
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('email', 'text', notNull)
        .addColumn('phone', 'text')
        .addColumn('group_id', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('password_hash', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('contacts_email').unique().on('contacts').column('email').execute();
      await db.schema.createIndex('contacts_group').on('contacts').column('group_id').execute();

      await withId(dialect, db.schema.createTable('contact_meta'), 'id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('meta_key', 'text', notNull)
        .addColumn('meta_value', 'text')
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('contact_meta_key').unique().on('contact_meta').columns(['contact_id', 'meta_key']).execute();
      await db.schema.createIndex('contact_meta_lookup').on('contact_meta').columns(['meta_key', 'meta_value']).execute();

      await withId(dialect, db.schema.createTable('companies'), 'company_id')
        .addColumn('name', 'text', notNull)
        .addColumn('url', 'text')
        .addColumn('description', 'text')
        .addColumn('mode', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('note', 'text')
        .addColumn('date_created', 'text', notNull)
        .execute();
      // Not unique: registration rejects a duplicate URL with a message, legacy rows may share one.
      await db.schema.createIndex('companies_url').on('companies').column('url').execute();
      await db.schema.createIndex('companies_name').on('companies').column('name').execute();

      await withId(dialect, db.schema.createTable('company_meta'), 'id')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
        .addColumn('meta_key', 'text', notNull)
        .addColumn('meta_value', 'text')
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('company_meta_key').unique().on('company_meta').columns(['company_id', 'meta_key']).execute();

      await db.schema.createTable('company_contacts')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('title', 'text')
        .addColumn('primary', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('company_contacts_pk', ['company_id', 'contact_id'])
        .execute();
      await db.schema.createIndex('company_contacts_contact').on('company_contacts').column('contact_id').execute();

      await withId(dialect, db.schema.createTable('tickets'), 'ticket_id')
        .addColumn('contact_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
        .addColumn('assignee_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type_id', 'integer', notNull)
        .addColumn('priority_id', 'integer', notNull)
        .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('date_created', 'text', notNull)
        .addColumn('date_updated', 'text', notNull)
        .addColumn('date_due', 'text')
        .addColumn('date_assigned', 'text')
        .addColumn('date_completed', 'text')
        .addColumn('on_hold', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('estimate_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('estimated_time', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('estimate_approved', 'integer', (c) => c.notNull().defaultTo(-1))
        .execute();
      await db.schema.createIndex('tickets_company_status').on('tickets').columns(['company_id', 'status_id']).execute();
      await db.schema.createIndex('tickets_assignee_status').on('tickets').columns(['assignee_id', 'status_id']).execute();
      await db.schema.createIndex('tickets_contact').on('tickets').column('contact_id').execute();

      await withId(dialect, db.schema.createTable('activity'), 'activity_id')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('contact_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('contact_name', 'text')
        .addColumn('note', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('activity_ticket').on('activity').column('ticket_id').execute();

      // No foreign keys on the ids here: time already logged must outlive its company or contact.
      await withId(dialect, db.schema.createTable('time_entries'), 'time_id')
        .addColumn('contact_id', 'integer')
        .addColumn('ticket_id', 'integer')
        .addColumn('company_id', 'integer')
        .addColumn('company_name', 'text')
        .addColumn('contact_name', 'text')
        .addColumn('pay_rate', 'integer')
        .addColumn('date', 'text', notNull)
        .addColumn('time', 'integer', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('time_entries_ticket').on('time_entries').column('ticket_id').execute();
      await db.schema.createIndex('time_entries_contact_date').on('time_entries').columns(['contact_id', 'date']).execute();
      await db.schema.createIndex('time_entries_company_date').on('time_entries').columns(['company_id', 'date']).execute();

      await withId(dialect, db.schema.createTable('tasks'), 'task_id')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('instruction', 'text', notNull)
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_completed', 'text')
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('tasks_ticket').on('tasks').column('ticket_id').execute();

      await withId(dialect, db.schema.createTable('attachments'), 'attachment_id')
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.ticket_id').onDelete('cascade'))
        .addColumn('target_type', 'text', (c) => c.notNull().defaultTo('ticket'))
        .addColumn('contact_id', 'integer', (c) => c.references('contacts.contact_id').onDelete('set null'))
        .addColumn('name', 'text', notNull)
        .addColumn('stored_name', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('attachments_ticket').on('attachments').column('ticket_id').execute();

      await withId(dialect, db.schema.createTable('notifications'), 'notification_id')
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('ticket_id', 'integer', (c) => c.references('tickets.ticket_id').onDelete('set null'))
        .addColumn('note', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('notifications_contact_date').on('notifications').columns(['contact_id', 'date_created']).execute();

      await withId(dialect, db.schema.createTable('options'), 'option_id')
        .addColumn('option_name', 'text', notNull)
        .addColumn('option_value', 'text', notNull)
        .addColumn('date_updated', 'text', notNull)
        .execute();
      await db.schema.createIndex('options_name').unique().on('options').column('option_name').execute();

      await withId(dialect, db.schema.createTable('mail_templates'), 'id')
        .addColumn('name', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('message', 'text', notNull)
        .addColumn('date_created', 'text', notNull)
        .execute();
      await db.schema.createIndex('mail_templates_name').unique().on('mail_templates').column('name').execute();

      await withId(dialect, db.schema.createTable('sessions'), 'session_id')
        .addColumn('token_hash', 'text', notNull)
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.contact_id').onDelete('cascade'))
        .addColumn('date_created', 'text', notNull)
        .addColumn('expires', 'text', notNull)
        .execute();
      await db.schema.createIndex('sessions_token').unique().on('sessions').column('token_hash').execute();
      await db.schema.createIndex('sessions_contact').on('sessions').column('contact_id').execute();

      await withId(dialect, db.schema.createTable('mail_outbox'), 'id')
        .addColumn('to_address', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('text', 'text')
        .addColumn('html', 'text')
        .addColumn('date_created', 'text', notNull)
        .addColumn('date_sent', 'text')
        .addColumn('error', 'text')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'mail_outbox', 'sessions', 'mail_templates', 'options', 'notifications', 'attachments', 'tasks',
        'time_entries', 'activity', 'tickets', 'company_contacts', 'company_meta', 'companies', 'contact_meta', 'contacts',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial_schema': initialSchema(dialect),
        // The key is the name stored in every migrated database: it never changes.
        '0002_dashboard_indexes': statusAndDateIndexes,
        '0003_polled_read_indexes': polledReadIndexes,
        '0004_contact_codes': contactCodes(dialect),
        '0005_mail_jobs': mailJobs(dialect),
        '0006_messages': messages(dialect),
        '0007_invoices': invoices(dialect),
        '0008_rate_limits': rateLimits,
        '0009_session_last_seen': sessionLastSeen,
        '0010_audit_log': auditLog(dialect),
        '0011_mail_in': mailIn(dialect),
        '0012_company_url_key': companyUrlKeys,
        '0018_full_text_search': fullTextSearch(dialect),
        '0013_time_corrections': timeCorrections,
        '0014_pay_rate_snapshots': payRateSnapshots(dialect),
        '0015_message_mail': messageMail,
        '0017_history_reads': historyReads,
        '0020_attachment_chunks': attachmentChunks(dialect),
        '0021_account_security': accountSecurity(dialect),
        '0022_search_scope': searchScope(dialect),
        '0023_search_company_buckets': searchCompanyBuckets(dialect),
        '0024_attachment_leftovers': attachmentLeftovers(dialect),
        '0025_change_sequence': changeSequence(dialect),
        '0026_mail_in_verdict': mailInVerdict,
        '0027_second_factor_guesses': secondFactorGuesses,
        '0028_step_up_and_email_changes': stepUpAndEmailChanges(dialect),
        '0029_internal_notes': internalNotes(dialect),
        '0030_saved_replies': savedReplies(dialect),
        '0031_response_times': responseTimes,
        '0032_notification_reads': notificationReads,
        '0033_ticket_followers': ticketFollowers(dialect),
        '0034_sla_events': slaEvents(dialect),
        '0035_ticket_tags': ticketTags(dialect),
        '0036_saved_views': savedViews(dialect),
        '0037_maintenance_schedule': maintenanceSchedule(),
        '0038_hour_banks': hourBanks(dialect),
        '0039_timers': timers(),
        '0040_statements': statements,
        '0041_api_tokens': apiTokens(dialect),
        '0042_webhooks': webhooks(dialect),
        '0043_inbound_keys': inboundKeys,
        '0044_releases': releases(dialect),
        '0045_contact_language': contactLanguage,
      };
    },
  };
}

/** Used by the health check: a trivial round trip through the pool. */
export async function ping(db: AnyDb): Promise<void> {
  await sql`select 1`.execute(db);
}
