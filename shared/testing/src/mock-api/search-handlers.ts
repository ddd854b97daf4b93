import { findQuery, ticket } from '@portal/contract';
import { searchEndpoints as api } from '@portal/contract/endpoints';
import { GROUP_ADMIN, readSearchText, searchGroupsFor, SEARCH_PAGE_SIZE, SEARCH_PREVIEW_SIZE, visibleNotes, type SearchGroup } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, mock, readBody } from './respond';

/** Every typed word starts a word of `text` (the API's prefix rule, without its engine). */
function matches(words: readonly string[], ...texts: (string | null | undefined)[]): boolean {
  const inText = new Set(texts.join(' ').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return words.length > 0 && words.every((word) => [...inText].some((found) => found.startsWith(word)));
}

/** A snippet marking the first word a typed word starts. */
function snippetOf(words: readonly string[], text: string) {
  const at = text.split(/([^\p{L}\p{N}]+)/u);
  return at.filter(Boolean).map((piece) => ({ text: piece, hit: words.some((word) => piece.toLowerCase().startsWith(word)) }));
}

/**
 * Search: POST /search/:type answers every ticket (the mock does not filter; other types find nothing);
 * GET /search matches word prefixes over the mock's rows as the API does, with the groups of the
 * signed-in contact (db.session; an admin's when nobody signed in through the mock); a client never finds an internal note.
 */
export function searchHandlers(db: PortalData) {
  return [
    mock(api.searchRows, async ({ request, params }) => {
      if (params.type !== 'ticket') return answer(api.searchRows, []);
      const read = await readBody(request, api.searchRows);
      return read.ok ? answer(api.searchRows, ticket.array().parse(db.tickets.map((t) => ({ description: '', ...t })))) : read.answer;
    }),
    mock(api.find, ({ request }) => {
      const parsed = findQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return errorAnswer(400, 'Invalid input.');
      const query = parsed.data;
      const { words } = readSearchText(query.q);
      const size = query.group ? SEARCH_PAGE_SIZE : SEARCH_PREVIEW_SIZE;
      const page = <T>(rows: T[]) => ({ total: rows.length, capped: false, items: rows.slice((query.page - 1) * size, query.page * size) });
      const companyName = (companyId: number) => db.companies.find((c) => c.company_id === companyId)?.name ?? '';
      const found: Record<SearchGroup, () => { total: number; items: unknown[] }> = {
        tickets: () => page(db.tickets.filter((t) => matches(words, t.title, t.description)).map((t) => ({
          ticket_id: t.ticket_id, title: t.title, status_id: t.status_id, priority_id: t.priority_id, type_id: t.type_id,
          company_id: t.company_id, company_name: companyName(t.company_id), snippet: snippetOf(words, t.description ?? ''),
        }))),
        notes: () => page(visibleNotes({ groupId: db.session?.group_id ?? GROUP_ADMIN }, db.activity).filter((a) => matches(words, a.note)).flatMap((a) => {
          const t = db.tickets.find((candidate) => candidate.ticket_id === a.ticket_id);
          return t ? [{
            activity_id: a.activity_id, ticket_id: t.ticket_id, title: t.title, status_id: t.status_id, priority_id: t.priority_id,
            company_id: t.company_id, company_name: companyName(t.company_id), contact_name: a.contact_name, date_created: a.date_created,
            snippet: snippetOf(words, a.note),
          }] : [];
        })),
        companies: () => page(db.companies.filter((c) => matches(words, c.name, c.url)).map((c) => ({ company_id: c.company_id, name: c.name, url: c.url }))),
        contacts: () => page(db.contacts.filter((c) => matches(words, c.first_name, c.last_name, c.email, c.phone)).map((c) => ({
          contact_id: c.contact_id, name: `${c.first_name} ${c.last_name}`, email: c.email, phone: c.phone, group_id: c.group_id,
          company_id: c.companies[0]?.company_id ?? null,
        }))),
      };
      const groups = searchGroupsFor(db.session?.group_id ?? GROUP_ADMIN).filter((group) => !query.group || group === query.group);
      return answer(api.find, {
        q: query.q, page: query.page, page_size: size, ...Object.fromEntries(groups.map((group) => [group, found[group]()])),
      });
    }),
  ];
}
