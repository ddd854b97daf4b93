// The audit trail (docs/product/accounts-and-roles.md#audit-trail): who changed what, when, with the before and after values of the
// fields that changed. The API writes an entry in the transaction of the change it records; staff
// read a ticket's history on the ticket page, admins read and filter the whole trail.

/** What an entry is about. */
export const AUDIT_ENTITIES = ['ticket', 'company', 'contact', 'option', 'invoice', 'session', 'mail', 'time', 'webhook', 'token', 'release'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Every recorded action, named `entity.verb`; the label is what the screens show. */
export const AUDIT_ACTIONS = {
  'ticket.created': 'Ticket created',
  'ticket.updated': 'Ticket changed',
  'ticket.deleted': 'Ticket deleted',
  'company.created': 'Company created',
  'company.updated': 'Company changed',
  'company.deleted': 'Company deleted',
  'contact.created': 'Contact created',
  'contact.updated': 'Contact changed',
  'contact.linked': 'Contact added to company',
  'contact.unlinked': 'Contact removed from company',
  'contact.deactivated': 'Contact deactivated',
  'contact.released': 'Unconfirmed address let go',
  'contact.password_changed': 'Password changed',
  'option.updated': 'Option list changed',
  'invoice.issued': 'Invoice issued',
  'invoice.updated': 'Invoice changed',
  'time.updated': 'Time entry changed',
  'time.deleted': 'Time entry deleted',
  'time.corrected': 'Time correction logged',
  'company.statement_held': 'Statement held',
  'company.statement_released': 'Statement released',
  'ticket.overage_requested': 'Approval beyond plan hours asked',
  'ticket.overage_approved': 'Hours beyond the plan approved',
  'ticket.overage_declined': 'Hours beyond the plan declined',
  'company.hour_bank_changed': 'Plan hours changed',
  'company.maintenance_paused': 'Maintenance schedule paused',
  'company.maintenance_resumed': 'Maintenance schedule resumed',
  'company.maintenance_run': 'Maintenance period run now',
  'session.signed_in': 'Signed in',
  'session.sign_in_failed': 'Sign-in failed',
  'session.second_factor_failed': 'Second-factor code refused',
  'session.recovery_code_used': 'Recovery code used',
  'session.ended': 'Sessions ended',
  'contact.second_factor_enrolled': 'Second factor turned on',
  'contact.second_factor_removed': 'Second factor turned off',
  'contact.second_factor_reset': 'Second factor reset by an admin',
  'contact.recovery_codes_renewed': 'New recovery codes made',
  'option.security_policy_changed': 'Security policy changed',
  'mail.noted': 'Mail added to a ticket',
  'mail.ticket_opened': 'Mail opened a ticket',
  'mail.held': 'Mail held',
  'mail.ignored': 'Mail ignored',
  'mail.attached': 'Held mail attached to a ticket',
  'mail.dropped': 'Held mail dropped',
  'mail.requeued': 'Failed mail re-queued',
  'mail.resent': 'Message re-sent to failed recipients',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook removed',
  'webhook.redelivered': 'Webhook delivery sent again',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
  'release.rolled_back': 'Canary rolled back by itself',
  'release.promoted': 'Canary promoted by itself',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

export function auditEntityOf(action: AuditAction): AuditEntity {
  return action.slice(0, action.indexOf('.')) as AuditEntity;
}

/** A value as the trail keeps it: what JSON can hold without nesting surprises. */
export type AuditValue = string | number | boolean | null;

/** One changed field. */
export interface AuditChange {
  field: string;
  before: AuditValue;
  after: AuditValue;
}

/** Fields whose values never enter the trail: that they changed is recorded, not what to. */
export const AUDIT_SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'password_hash', 'code', 'code_hash', 'token']);
export const AUDIT_SECRET_VALUE = '(hidden)';
/** Bookkeeping columns every write touches: not a change anyone made. */
export const AUDIT_QUIET_FIELDS: ReadonlySet<string> = new Set(['date_updated']);
/** Long texts (descriptions, summaries, option lists) are kept up to this many characters. */
export const AUDIT_VALUE_MAX_LENGTH = 2000;

function auditValue(field: string, value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (AUDIT_SECRET_FIELDS.has(field)) return AUDIT_SECRET_VALUE;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > AUDIT_VALUE_MAX_LENGTH ? `${text.slice(0, AUDIT_VALUE_MAX_LENGTH)}…` : text;
}

const same = (a: AuditValue, b: AuditValue): boolean => a === b;

/**
 * The fields of `after` whose value differs from `before` (fields `after` does not name are not
 * changes). Secret fields are recorded as changed with hidden values, whenever `after` names them.
 */
export function auditChanges(before: object | null, after: object): AuditChange[] {
  const changes: AuditChange[] = [];
  const was = before as Readonly<Record<string, unknown>> | null;
  for (const [field, next] of Object.entries(after)) {
    if (next === undefined || AUDIT_QUIET_FIELDS.has(field)) continue;
    if (AUDIT_SECRET_FIELDS.has(field)) {
      changes.push({ field, before: before ? AUDIT_SECRET_VALUE : null, after: AUDIT_SECRET_VALUE });
      continue;
    }
    const old = auditValue(field, was?.[field]);
    const now = auditValue(field, next);
    if (!same(old, now)) changes.push({ field, before: old, after: now });
  }
  return changes;
}

/** The fields of a record as created (every named field, before null) or deleted (after null). */
export function auditSnapshot(record: object, side: 'created' | 'deleted'): AuditChange[] {
  return Object.entries(record)
    .filter(([field, value]) => value !== undefined && value !== null && value !== '' && !AUDIT_QUIET_FIELDS.has(field))
    .map(([field, value]) => {
      const shown = auditValue(field, value);
      return side === 'created' ? { field, before: null, after: shown } : { field, before: shown, after: null };
    });
}

/** The admin screen's page size and the most one read may ask for. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
