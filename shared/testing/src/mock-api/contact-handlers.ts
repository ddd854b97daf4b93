import { agentContact, contact, staffContact } from '@portal/contract';
import { contactEndpoints as api } from '@portal/contract/endpoints';
import { DEFAULT_LIST_PREFS, MESSAGES, STATUS, canChangeContactLanguage, isStaff, metaValueOf, returnsToBacklog } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { findContact, hasSecondFactorIn } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, notFound, readBody, reply } from './respond';

/**
 * Contacts: the staff list and Manage Agents' list, adding an agent, read, update, delete (an
 * agent's open tickets go back to the queue), the note and list preferences, and the mails sent
 * to one contact (a note, a password reset).
 */
export function contactHandlers(db: PortalData) {
  /** Where an agent is named: the companies whose default_agent meta is its id, and its open tickets. */
  const placementsOf = (id: number) => ({
    default_agent_of: db.companies
      .filter((company) => company.meta.some((m) => m.meta_key === 'default_agent' && m.meta_value === String(id)))
      .map((company) => ({ company_id: company.company_id, company_name: company.name })),
    type_assignments: [],
    open_tickets: db.tickets.filter((t) => t.assignee_id === id && returnsToBacklog(t.status_id)).length,
  });
  return [
    mock(api.contactList, ({ request }) => {
      const group = new URL(request.url).searchParams.get('group');
      if (group === 'staff') return reply(staffContact.array(), db.contacts.filter((c) => c.group_id <= 4));
      if (group !== 'agents') return notFound();
      const agents = db.contacts.filter((c) => isStaff(c.group_id)).sort((a, b) => a.contact_id - b.contact_id);
      return reply(agentContact.array(), agents.map((c) => {
        const rate = metaValueOf(c.meta, 'pay_rate');
        return { ...c, pay_rate: rate === null || rate === undefined ? null : Number(rate), has_second_factor: hasSecondFactorIn(db, c.contact_id) };
      }));
    }),
    mock(api.createContact, async ({ request }) => {
      const read = await readBody(request, api.createContact, MESSAGES.contactNotCreated);
      if (!read.ok) return read.answer;
      const { pay_rate: payRate, ...fields } = read.body;
      if (db.contacts.some((c) => c.email === fields.email)) return errorAnswer(409, MESSAGES.emailAlreadyUsed);
      const id = nextId(db.contacts, (c) => c.contact_id);
      const created = contact.parse({
        title: null, phone: null, ...fields, contact_id: id, company_id: null, companies: [],
        meta: payRate === undefined ? [] : [{ id: 1, meta_key: 'pay_rate', meta_value: String(payRate) }],
      });
      db.contacts.push(created);
      db.outbox.push({ to: created.email, kind: 'reset', code: `set-${id}` });
      return answer(api.createContact, created);
    }),
    mock(api.deleteContact, ({ params }) => {
      const id = idParam(params);
      if (!findContact(db, id)) return notFound(MESSAGES.contactNotFound);
      const cleared = placementsOf(id);
      db.contacts = db.contacts.filter((c) => c.contact_id !== id);
      const open = db.tickets.filter((t) => t.assignee_id === id && returnsToBacklog(t.status_id));
      for (const ticket of open) Object.assign(ticket, { assignee_id: null, status_id: STATUS.backlog });
      for (const company of db.companies) {
        company.meta = company.meta.filter((m) => !(m.meta_key === 'default_agent' && m.meta_value === String(id)));
      }
      return answer(api.deleteContact, { deleted: 1, tickets_unassigned: open.length, cleared });
    }),
    mock(api.agentPlacements, ({ params }) => {
      const id = idParam(params);
      const found = findContact(db, id);
      return found && isStaff(found.group_id) ? answer(api.agentPlacements, placementsOf(id)) : notFound(MESSAGES.contactNotFound);
    }),
    mock(api.setPayRate, async ({ request, params }) => {
      const read = await readBody(request, api.setPayRate, MESSAGES.invalidPayRate);
      if (!read.ok) return read.answer;
      const found = findContact(db, idParam(params));
      if (!found) return notFound(MESSAGES.contactNotFound);
      if (!isStaff(found.group_id)) return errorAnswer(409, MESSAGES.payRateNotSaved);
      const rate = String(read.body.pay_rate);
      const meta = found.meta.find((m) => m.meta_key === 'pay_rate');
      if (meta) meta.meta_value = rate;
      else found.meta.push({ id: nextId(found.meta, (m) => m.id), meta_key: 'pay_rate', meta_value: rate });
      return answer(api.setPayRate, { ...found, pay_rate: read.body.pay_rate, has_second_factor: hasSecondFactorIn(db, found.contact_id) });
    }),
    mock(api.contact, ({ params }) => {
      const found = findContact(db, idParam(params));
      return found ? answer(api.contact, found) : notFound();
    }),
    mock(api.updateContact, async ({ request, params }) => {
      const found = findContact(db, idParam(params));
      const read = await readBody(request, api.updateContact);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      // A contact's language is theirs alone (docs/product/languages.md#a-persons-language).
      const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
      if (read.body.language !== undefined && viewer && !canChangeContactLanguage(viewer, found.contact_id)) return errorAnswer(403, MESSAGES.notAuthorized);
      const { password: _password, ...changes } = read.body;
      Object.assign(found, changes);
      // GET /auth/me answers the signed-in contact's new language too.
      if (changes.language !== undefined && db.session && db.session !== found && db.session.contact_id === found.contact_id) {
        db.session = { ...db.session, language: changes.language };
      }
      return answer(api.updateContact, found);
    }),
    mock(api.sendActivity, async ({ request, params }) => {
      const found = findContact(db, idParam(params));
      const read = await readBody(request, api.sendActivity, MESSAGES.activityEmailNotSent);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.contactNotFound);
      db.outbox.push({ to: found.email, kind: 'activity' });
      return answer(api.sendActivity, { ok: true });
    }),
    mock(api.saveNotePrefs, async ({ request, params }) => {
      const found = findContact(db, idParam(params));
      const read = await readBody(request, api.saveNotePrefs);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      // The contract may hand the JSON text over already parsed; the meta stores it as text.
      const value: unknown = read.body.meta_value;
      const entry = {
        id: nextId(found.meta, (m) => m.id), ...found.meta.find((m) => m.meta_key === 'note_prefs'),
        meta_key: 'note_prefs', meta_value: typeof value === 'string' ? value : JSON.stringify(value),
      };
      found.meta = [...found.meta.filter((m) => m.meta_key !== 'note_prefs'), entry];
      return answer(api.saveNotePrefs, [entry]);
    }),
    mock(api.listPrefs, ({ params }) =>
      answer(api.listPrefs, db.listPrefs[idParam(params)] ?? DEFAULT_LIST_PREFS)),
    mock(api.saveListPrefs, async ({ request, params }) => {
      const read = await readBody(request, api.saveListPrefs);
      if (!read.ok) return read.answer;
      db.listPrefs[idParam(params)] = read.body;
      return answer(api.saveListPrefs, read.body);
    }),
    mock(api.sendResetCode, ({ params }) => {
      const person = findContact(db, idParam(params));
      return person ? answer(api.sendResetCode, { sent: true, email: person.email }) : notFound(MESSAGES.contactNotFound);
    }),
  ];
}
