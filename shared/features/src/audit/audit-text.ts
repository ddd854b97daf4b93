import { useMemo } from 'react';
import type { AuditEntry } from '@portal/contract';
import {
  AUDIT_NO_VALUE, AUDIT_SECRET_VALUE, auditFieldLabel, auditValueText, formatDateTime, shortAuditLine,
  type AuditAction, type AuditEntity, type AuditValue, type AuditValueNames,
} from '@portal/domain';
import { useFormats } from '@portal/i18n/react';
import { useT } from './messages';

// The audit trail in the reader's language, for the admins' trail (mfe-admin) and a ticket's History tab (mfe-tickets):
// the labels of @portal/domain's audit and audit-text (English there), a literal key each (scripts/check-messages.ts
// finds the keys it uses), from a catalogue of their own (./messages) that loads with those screens only.

/** Every recorded action as the screens name it (AUDIT_ACTIONS). */
const AUDIT_ACTION_KEYS = {
  'ticket.created': 'audit.ticketCreated',
  'ticket.updated': 'audit.ticketUpdated',
  'ticket.deleted': 'audit.ticketDeleted',
  'company.created': 'audit.companyCreated',
  'company.updated': 'audit.companyUpdated',
  'company.deleted': 'audit.companyDeleted',
  'contact.created': 'audit.contactCreated',
  'contact.updated': 'audit.contactUpdated',
  'contact.linked': 'audit.contactLinked',
  'contact.unlinked': 'audit.contactUnlinked',
  'contact.deactivated': 'audit.contactDeactivated',
  'contact.released': 'audit.contactReleased',
  'contact.password_changed': 'audit.contactPasswordChanged',
  'option.updated': 'audit.optionUpdated',
  'invoice.issued': 'audit.invoiceIssued',
  'invoice.updated': 'audit.invoiceUpdated',
  'time.updated': 'audit.timeUpdated',
  'time.deleted': 'audit.timeDeleted',
  'time.corrected': 'audit.timeCorrected',
  'company.statement_held': 'audit.companyStatementHeld',
  'company.statement_released': 'audit.companyStatementReleased',
  'ticket.overage_requested': 'audit.ticketOverageRequested',
  'ticket.overage_approved': 'audit.ticketOverageApproved',
  'ticket.overage_declined': 'audit.ticketOverageDeclined',
  'company.hour_bank_changed': 'audit.companyHourBankChanged',
  'company.maintenance_paused': 'audit.companyMaintenancePaused',
  'company.maintenance_resumed': 'audit.companyMaintenanceResumed',
  'company.maintenance_run': 'audit.companyMaintenanceRun',
  'session.signed_in': 'audit.sessionSignedIn',
  'session.sign_in_failed': 'audit.sessionSignInFailed',
  'session.second_factor_failed': 'audit.sessionSecondFactorFailed',
  'session.recovery_code_used': 'audit.sessionRecoveryCodeUsed',
  'session.ended': 'audit.sessionEnded',
  'contact.second_factor_enrolled': 'audit.contactSecondFactorEnrolled',
  'contact.second_factor_removed': 'audit.contactSecondFactorRemoved',
  'contact.second_factor_reset': 'audit.contactSecondFactorReset',
  'contact.recovery_codes_renewed': 'audit.contactRecoveryCodesRenewed',
  'option.security_policy_changed': 'audit.optionSecurityPolicyChanged',
  'mail.noted': 'audit.mailNoted',
  'mail.ticket_opened': 'audit.mailTicketOpened',
  'mail.held': 'audit.mailHeld',
  'mail.ignored': 'audit.mailIgnored',
  'mail.attached': 'audit.mailAttached',
  'mail.dropped': 'audit.mailDropped',
  'mail.requeued': 'audit.mailRequeued',
  'mail.resent': 'audit.mailResent',
  'webhook.created': 'audit.webhookCreated',
  'webhook.updated': 'audit.webhookUpdated',
  'webhook.deleted': 'audit.webhookDeleted',
  'webhook.redelivered': 'audit.webhookRedelivered',
  'token.created': 'audit.tokenCreated',
  'token.revoked': 'audit.tokenRevoked',
  'release.rolled_back': 'audit.releaseRolledBack',
  'release.promoted': 'audit.releasePromoted',
} as const satisfies Record<AuditAction, string>;

/** The records the trail names (AUDIT_ENTITY_LABELS; "session" is a sign-in). */
const AUDIT_ENTITY_KEYS = {
  ticket: 'audit.entityTicket',
  company: 'audit.entityCompany',
  contact: 'audit.entityContact',
  option: 'audit.entityOption',
  invoice: 'audit.entityInvoice',
  session: 'audit.entitySession',
  mail: 'audit.entityMail',
  time: 'audit.entityTime',
  webhook: 'audit.entityWebhook',
  token: 'audit.entityToken',
  release: 'audit.entityRelease',
} as const satisfies Record<AuditEntity, string>;

/** Fields named in words; any other is shown from its column name, as @portal/domain's auditFieldLabel words it. */
const FIELD_KEYS = {
  status_id: 'audit.fieldStatus',
  language: 'audit.fieldLanguage',
  priority_id: 'audit.fieldPriority',
  type_id: 'audit.fieldType',
  assignee_id: 'audit.fieldAssignee',
  contact_id: 'audit.fieldContact',
  company_id: 'audit.fieldCompany',
  group_id: 'audit.fieldGroup',
  date_due: 'audit.fieldDateDue',
  date_assigned: 'audit.fieldDateAssigned',
  date_completed: 'audit.fieldDateCompleted',
  estimated_time: 'audit.fieldEstimatedTime',
  estimate_required: 'audit.fieldEstimateRequired',
  estimate_approved: 'audit.fieldEstimateApproved',
  on_hold: 'audit.fieldOnHold',
  email: 'audit.fieldEmail',
  option_value: 'audit.fieldOptionValue',
  option_name: 'audit.fieldOptionName',
  name: 'audit.fieldName',
  phone: 'audit.fieldPhone',
  title: 'audit.fieldTitle',
  description: 'audit.fieldDescription',
  first_name: 'audit.fieldFirstName',
  last_name: 'audit.fieldLastName',
  url: 'audit.fieldUrl',
  password: 'audit.fieldPassword',
  time: 'audit.fieldTime',
  date: 'audit.fieldDate',
  active: 'audit.fieldActive',
  status: 'audit.fieldStatusText',
  reason: 'audit.fieldReason',
  ticket_id: 'audit.fieldTicket',
  services: 'audit.fieldServices',
  primary: 'audit.fieldPrimary',
  mode: 'audit.fieldMode',
  period: 'audit.fieldPeriod',
  paused: 'audit.fieldPaused',
  expires_at: 'audit.fieldExpiresAt',
  error: 'audit.fieldError',
  method: 'audit.fieldMethod',
  from: 'audit.fieldFrom',
  failed: 'audit.fieldFailed',
  resent_to: 'audit.fieldResentTo',
  second_factor: 'audit.fieldSecondFactor',
  passkeys: 'audit.fieldPasskeys',
  sessions_ended: 'audit.fieldSessionsEnded',
  pay_rate: 'audit.fieldPayRate',
  overage_units: 'audit.fieldOverageUnits',
  owner: 'audit.fieldOwner',
  require_staff_second_factor: 'audit.fieldRequireStaffSecondFactor',
  secret: 'audit.fieldSecret',
} as const;

const APPROVAL_KEYS = { '-1': 'audit.approvalAwaiting', '0': 'audit.approvalRejected', '1': 'audit.approvalApproved' } as const;

/** One field's change as an audit entry records it. */
type AuditChange = { field: string; before: AuditValue; after: AuditValue };

const isKey = <K extends string>(keys: Readonly<Record<K, string>>, name: string): name is K => Object.hasOwn(keys, name);
const isDate = (value: AuditValue): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** What the trail's table says: an action, a record type, who made a change and each changed field as a line. */
export function useAuditText() {
  const t = useT();
  const formats = useFormats();
  return useMemo(() => {
    const fieldLabel = (entity: AuditEntity, field: string): string => {
      // A ticket's contact is the person who asked for it.
      if (entity === 'ticket' && field === 'contact_id') return t('audit.fieldRequester');
      return isKey(FIELD_KEYS, field) ? t(FIELD_KEYS[field]) : auditFieldLabel(entity, field);
    };
    const valueText = (entity: AuditEntity, field: string, value: AuditValue, names: AuditValueNames): string => {
      if (value === null || value === '') return AUDIT_NO_VALUE;
      if (value === AUDIT_SECRET_VALUE) return t('audit.hidden');
      if (typeof value === 'number' && entity === 'ticket') {
        const id = String(value);
        if (field === 'estimate_approved' && isKey(APPROVAL_KEYS, id)) return t(APPROVAL_KEYS[id]);
        if (field === 'on_hold' || field === 'estimate_required') {
          if (value === 1) return t('audit.yes');
          if (value === 0) return t('audit.no');
        }
      }
      if (((entity === 'time' && field === 'date') || field.startsWith('date_')) && isDate(value)) {
        return formatDateTime(value, { locale: formats.locale, timeZone: names.timeZone });
      }
      return auditValueText(entity, field, value, names);
    };
    const fullChangeLine = (entity: AuditEntity, change: AuditChange, names: AuditValueNames): string => t('audit.changeLine', {
      field: fieldLabel(entity, change.field),
      before: valueText(entity, change.field, change.before, names),
      after: valueText(entity, change.field, change.after, names),
    });
    return {
      action: (action: string): string => (isKey(AUDIT_ACTION_KEYS, action) ? t(AUDIT_ACTION_KEYS[action]) : action),
      entity: (entity: AuditEntity): string => t(AUDIT_ENTITY_KEYS[entity]),
      /** Who made the change: the contact, the address a failed sign-in tried, or the system (auditActorName). */
      actor: (entry: Pick<AuditEntry, 'actor_name' | 'action' | 'subject'>): string => {
        if (entry.actor_name?.trim()) return entry.actor_name;
        if (entry.action === 'session.sign_in_failed') return entry.subject ?? t('audit.unknown');
        return t('audit.system');
      },
      /** One changed field in full ("Status: Backlog → In Progress"). */
      fullChangeLine,
      /** One changed field as the table prints it, cut short as shortAuditLine does. */
      changeLine: (entity: AuditEntity, change: AuditChange, names: AuditValueNames): string => shortAuditLine(fullChangeLine(entity, change, names)),
    };
  }, [t, formats.locale]);
}
