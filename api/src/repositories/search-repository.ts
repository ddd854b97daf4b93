import { sql, type RawBuilder } from 'kysely';
import type { PortalDb } from '../db/connect';

export type SearchRepository = ReturnType<typeof createSearchRepository>;

type FieldKind = 'int' | 'text' | 'date';
interface SearchType {
  /** Field name the caller uses -> column and how its value is checked. */
  fields: Readonly<Record<string, { column: string; kind: FieldKind }>>;
  /** The column holding the row's company, for the client scope. */
  scope: (companyIds: readonly number[]) => RawBuilder<boolean>;
  defaultOrder: string;
}

const int = (column: string) => ({ column, kind: 'int' as const });
const text = (column: string) => ({ column, kind: 'text' as const });
const date = (column: string) => ({ column, kind: 'date' as const });

const inList = (column: string, ids: readonly number[]) => sql<boolean>`${sql.ref(column)} in (${sql.join(ids.map((value) => sql`${value}`))})`;

/**
 * docs/architecture.md#security: only these types and fields can be searched. Nothing secret is selectable (no
 * password hash, no pay rate), and every query of a client is limited to its companies' rows.
 */
export const SEARCH_TYPES = {
  ticket: {
    fields: {
      ticket_id: int('t.ticket_id'), company_id: int('t.company_id'), contact_id: int('t.contact_id'), assignee_id: int('t.assignee_id'),
      status_id: int('t.status_id'), type_id: int('t.type_id'), priority_id: int('t.priority_id'), on_hold: int('t.on_hold'),
      estimate_required: int('t.estimate_required'), estimate_approved: int('t.estimate_approved'), title: text('t.title'),
      description: text('t.description'), date_created: date('t.date_created'), date_due: date('t.date_due'),
      date_assigned: date('t.date_assigned'), date_completed: date('t.date_completed'),
    },
    scope: (ids) => inList('t.company_id', ids),
    defaultOrder: 'ticket_id',
  },
  time: {
    fields: {
      time_id: int('te.time_id'), ticket_id: int('te.ticket_id'), contact_id: int('te.contact_id'), company_id: int('te.company_id'),
      time: int('te.time'), description: text('te.description'), contact_name: text('te.contact_name'),
      company_name: text('te.company_name'), date: date('te.date'),
    },
    scope: (ids) => inList('te.company_id', ids),
    defaultOrder: 'date',
  },
  contact: {
    fields: {
      contact_id: int('c.contact_id'), group_id: int('c.group_id'), first_name: text('c.first_name'), last_name: text('c.last_name'),
      email: text('c.email'), phone: text('c.phone'), title: text('c.title'),
    },
    scope: (ids) =>
      sql<boolean>`exists (select 1 from company_contacts scope_cc where scope_cc.contact_id = c.contact_id and ${inList('scope_cc.company_id', ids)})`,
    defaultOrder: 'last_name',
  },
  company_contacts: {
    fields: {
      company_id: int('cc.company_id'), contact_id: int('cc.contact_id'), primary: int('cc.primary'), title: text('cc.title'),
      first_name: text('c.first_name'), last_name: text('c.last_name'), email: text('c.email'), group_id: int('c.group_id'),
    },
    scope: (ids) => inList('cc.company_id', ids),
    defaultOrder: 'company_id',
  },
} as const satisfies Record<string, SearchType>;

export type SearchTypeName = keyof typeof SEARCH_TYPES;
export const SEARCH_TYPE_NAMES = Object.keys(SEARCH_TYPES) as SearchTypeName[];
export const SEARCH_LIMIT = 500;

export interface SearchCondition {
  field: string;
  op: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'like' | 'in';
  value: string | number | null | (string | number)[];
}

export interface SearchQuery {
  conditions: readonly SearchCondition[];
  joiner: 'AND' | 'OR';
  orderBy?: { field: string; direction: 'asc' | 'desc' };
  /** null: every row (staff); a list: only rows of these companies (clients). */
  companyIds: readonly number[] | null;
}

/** Thrown for a field, operator or value outside the whitelist; the route answers 400. */
export class SearchInputError extends Error {}

function checkedValue(kind: FieldKind, value: unknown): string | number {
  if (kind === 'int') {
    const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number)) throw new SearchInputError('value');
    return number;
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw new SearchInputError('value');
  const textValue = String(value);
  if (kind === 'date' && Number.isNaN(new Date(textValue).getTime())) throw new SearchInputError('value');
  return textValue;
}

function conditionSql(type: SearchType, condition: SearchCondition): RawBuilder<boolean> {
  const field = Object.hasOwn(type.fields, condition.field) ? type.fields[condition.field] : undefined;
  if (!field) throw new SearchInputError('field');
  const column = sql.ref(field.column);
  if (condition.value === null) {
    if (condition.op === '=') return sql<boolean>`${column} is null`;
    if (condition.op === '!=') return sql<boolean>`${column} is not null`;
    throw new SearchInputError('value');
  }
  if (condition.op === 'in') {
    if (!Array.isArray(condition.value) || condition.value.length === 0 || condition.value.length > 100) throw new SearchInputError('value');
    return sql<boolean>`${column} in (${sql.join(condition.value.map((v) => sql`${checkedValue(field.kind, v)}`))})`;
  }
  if (Array.isArray(condition.value)) throw new SearchInputError('value');
  if (condition.op === 'like') {
    if (field.kind !== 'text') throw new SearchInputError('op');
    // Case-insensitive on both dialects; % and _ keep their LIKE meaning.
    return sql<boolean>`lower(${column}) like lower(${checkedValue(field.kind, condition.value)})`;
  }
  return sql<boolean>`${column} ${sql.raw(condition.op)} ${checkedValue(field.kind, condition.value)}`;
}

function whereSql(type: SearchType, query: SearchQuery): RawBuilder<boolean> {
  const parts = query.conditions.map((condition) => conditionSql(type, condition));
  const filter = parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(parts, sql.raw(query.joiner === 'OR' ? ' or ' : ' and '))})`;
  return query.companyIds === null ? filter : sql<boolean>`${filter} and ${type.scope(query.companyIds)}`;
}

function orderSql(type: SearchType, query: SearchQuery): RawBuilder<unknown> {
  const name = query.orderBy?.field ?? type.defaultOrder;
  const field = Object.hasOwn(type.fields, name) ? type.fields[name] : undefined;
  if (!field) throw new SearchInputError('orderBy');
  return sql`${sql.ref(field.column)} ${sql.raw(query.orderBy?.direction === 'desc' ? 'desc' : 'asc')}`;
}

export function createSearchRepository(db: PortalDb) {
  return {
    /**
     * The filter, order and limit of a ticket search, for the ticket repository's `listWhere`: the
     * ticket answer is read there, with its company and total time.
     */
    ticketCriteria(query: SearchQuery): { where: RawBuilder<boolean>; order: RawBuilder<unknown>; limit: number } {
      const type = SEARCH_TYPES.ticket;
      return { where: whereSql(type, query), order: orderSql(type, query), limit: SEARCH_LIMIT };
    },

    async rows(typeName: Exclude<SearchTypeName, 'ticket'>, query: SearchQuery): Promise<Record<string, unknown>[]> {
      const type: SearchType = SEARCH_TYPES[typeName];
      const where = whereSql(type, query);
      const order = orderSql(type, query);
      const columns = sql.join(Object.entries(type.fields).map(([name, field]) => sql`${sql.ref(field.column)} as ${sql.id(name)}`));
      const from =
        typeName === 'time' ? sql`time_entries te`
        : typeName === 'contact' ? sql`contacts c`
        : sql`company_contacts cc inner join contacts c on c.contact_id = cc.contact_id`;
      const result = await sql<Record<string, unknown>>`select ${columns} from ${from} where ${where} order by ${order} limit ${SEARCH_LIMIT}`.execute(db);
      return result.rows;
    },
  };
}
