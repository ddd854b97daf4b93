import { STATUS } from './lookups';
import { MESSAGES, requiredFieldMessage } from './messages';
import { slug } from './text';

/** Type key (slug of the type name) -> assignee contact id. */
export type TypeAssignments = Record<string, number>;

function toContactId(value: unknown): number | null {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Reads a stored type_assignments map (JSON text or an object). Entries without a usable contact
 * id are dropped; bad JSON gives an empty map (docs/product/companies-and-contacts.md#default-agent-and-type-assignments).
 */
export function parseTypeAssignments(value: unknown): TypeAssignments {
  let source = value;
  if (typeof value === 'string') {
    try {
      source = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return {};
  const map: TypeAssignments = {};
  for (const [key, raw] of Object.entries(source)) {
    const contactId = toContactId(raw);
    if (contactId !== null) map[key] = contactId;
  }
  return map;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A type_assignments map as a caller saves it (JSON text): every key the key of one of
 * `typeNames`, every value a contact id. Null when anything is off, so a bad map is refused whole
 * instead of being half stored; whether the ids are assignable staff is for the caller to check.
 */
export function readTypeAssignmentsInput(text: string, typeNames: readonly string[]): TypeAssignments | null {
  const source = parseJson(text);
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return null;
  const keys = new Set(typeNames.map(typeAssignmentKey));
  const map: TypeAssignments = {};
  for (const [key, raw] of Object.entries(source)) {
    const contactId = toContactId(raw);
    if (!keys.has(key) || contactId === null) return null;
    map[key] = contactId;
  }
  return map;
}

/** The map key of a ticket type is its name as a slug, 'Incident/Bug' -> 'incident_bug' (docs/product/companies-and-contacts.md#default-agent-and-type-assignments). */
export function typeAssignmentKey(typeName: string): string {
  return slug(typeName);
}

/** The company's entry for the type wins over the global one; null when neither has one. */
export function assigneeForType(typeName: string, companyMap: TypeAssignments, globalMap: TypeAssignments): number | null {
  const key = typeAssignmentKey(typeName);
  return companyMap[key] ?? globalMap[key] ?? null;
}

export interface CreationDefaults {
  status_id: number;
  assignee_id: number | null;
  date_assigned: string | null;
}

export interface CreationContext {
  typeName: string;
  companyAssignments: TypeAssignments;
  globalAssignments: TypeAssignments;
  /** Assignee when no map entry applies (the company's default agent), or null. */
  defaultAssigneeId: number | null;
  now: Date;
}

/**
 * Creation (docs/product/tickets.md#creating-a-ticket). A type-assignment entry (company map over the global one) wins, else the
 * company's default agent; either way the ticket is assigned as an assignment would: status 2 and
 * date_assigned stamped. With neither it waits in Backlog (status 1), which never has an assignee.
 */
export function creationDefaults(context: CreationContext): CreationDefaults {
  const assigneeId = assigneeForType(context.typeName, context.companyAssignments, context.globalAssignments) ?? context.defaultAssigneeId;
  if (assigneeId === null) return { status_id: STATUS.backlog, assignee_id: null, date_assigned: null };
  return { status_id: STATUS.assigned, assignee_id: assigneeId, date_assigned: context.now.toISOString() };
}

export type NewTicketField = 'type_id' | 'title' | 'description' | 'priority_id' | 'company_id' | 'estimate_required' | 'date_due';

export const NEW_TICKET_LABELS: Readonly<Record<NewTicketField, string>> = {
  type_id: 'Type',
  title: 'Title',
  description: 'Description',
  priority_id: 'Priority',
  company_id: 'Company',
  estimate_required: 'Estimate Required',
  date_due: 'Due Date',
};

const REQUIRED_NEW_TICKET_FIELDS: readonly NewTicketField[] = ['type_id', 'title', 'description', 'priority_id', 'company_id', 'estimate_required'];

export interface NewTicketInput {
  type_id: number;
  title: string;
  description: string;
  priority_id: number;
  company_id: number;
  estimate_required: 0 | 1;
  /** ISO timestamp, or null when no due date was given. */
  date_due: string | null;
}

export type NewTicketValidation =
  | { ok: true; value: NewTicketInput }
  | { ok: false; errors: Partial<Record<NewTicketField, string>>; message: string };

/** Missing, empty (also blank) or the text 'null' all count as not given (docs/product/tickets.md#creating-a-ticket). */
export function isMissingValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === 'null';
  return false;
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function flagValue(value: unknown): 0 | 1 | null {
  if (value === 1 || value === '1' || value === true) return 1;
  if (value === 0 || value === '0' || value === false) return 0;
  return null;
}

function dueDateValue(value: unknown): string | null | undefined {
  if (isMissingValue(value)) return null;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/**
 * Validates the new-ticket form or request body. Missing required fields give 'The {Label} field
 * is required.'; present but unusable values (a type 'abc', a due date 'soon') give 'Invalid input.'.
 */
export function validateNewTicket(input: Readonly<Record<string, unknown>>): NewTicketValidation {
  const errors: Partial<Record<NewTicketField, string>> = {};
  for (const field of REQUIRED_NEW_TICKET_FIELDS) {
    if (isMissingValue(input[field])) errors[field] = requiredFieldMessage(NEW_TICKET_LABELS[field]);
  }
  const typeId = positiveInteger(input.type_id);
  const priorityId = positiveInteger(input.priority_id);
  const companyId = positiveInteger(input.company_id);
  const estimateRequired = flagValue(input.estimate_required);
  const dateDue = dueDateValue(input.date_due);
  if (!errors.type_id && typeId === null) errors.type_id = MESSAGES.invalidInput;
  if (!errors.priority_id && priorityId === null) errors.priority_id = MESSAGES.invalidInput;
  if (!errors.company_id && companyId === null) errors.company_id = MESSAGES.invalidInput;
  if (!errors.estimate_required && estimateRequired === null) errors.estimate_required = MESSAGES.invalidInput;
  if (dateDue === undefined) errors.date_due = MESSAGES.invalidInput;
  const first = Object.values(errors)[0];
  if (first !== undefined) return { ok: false, errors, message: first };
  return {
    ok: true,
    value: {
      type_id: typeId as number,
      title: String(input.title).trim(),
      description: String(input.description),
      priority_id: priorityId as number,
      company_id: companyId as number,
      estimate_required: estimateRequired as 0 | 1,
      date_due: dateDue ?? null,
    },
  };
}
