import { http } from 'msw';
import {
  contact, contactUpdate, deletedAnswer, listPrefs, loginRequest, metaEntry, notePrefsUpdate, notification, notificationCreate,
  okAnswer, option, optionSave, publicSettings, sendActivity, sessionAnswer, staffContact, type Contact,
} from '@portal/contract';
import { DEFAULT_LIST_PREFS, dashboardPathForGroup, MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiPath, errorAnswer, idParam, nextId, notFound, nowIso, readBody, reply } from './respond';

const session = (c: Contact) => ({ contact: c, dashboard: dashboardPathForGroup(c.group_id) });

/** Sign-in, the contact and its metas, notifications, options and the staff list. */
export function contactHandlers(db: PortalData) {
  const findContact = (id: number) => db.contacts.find((c) => c.contact_id === id);

  return [
    http.post(apiPath('/auth/login'), async ({ request }) => {
      const read = await readBody(request, loginRequest);
      if (!read.ok) return read.answer;
      const found = db.contacts.find((c) => c.email === read.body.username);
      if (!found || read.body.password !== db.password) return errorAnswer(401, MESSAGES.invalidCredentials);
      db.session = found;
      return reply(sessionAnswer, session(found));
    }),
    http.post(apiPath('/auth/logout'), () => {
      db.session = null;
      return reply(okAnswer, { ok: true });
    }),
    http.get(apiPath('/settings/public'), () => reply(publicSettings, db.settings)),
    http.get(apiPath('/auth/me'), () => (db.session ? reply(sessionAnswer, session(db.session)) : errorAnswer(401, MESSAGES.notSignedIn))),

    http.get(apiPath('/contact'), ({ request }) => {
      if (new URL(request.url).searchParams.get('group') !== 'staff') return notFound();
      return reply(staffContact.array(), db.contacts.filter((c) => c.group_id <= 4));
    }),
    http.get(apiPath('/contact/:id'), ({ params }) => {
      const found = findContact(idParam(params));
      return found ? reply(contact, found) : notFound();
    }),
    http.put(apiPath('/contact/:id'), async ({ request, params }) => {
      const found = findContact(idParam(params));
      const read = await readBody(request, contactUpdate);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      const { password: _password, ...changes } = read.body;
      Object.assign(found, changes);
      return reply(contact, found);
    }),
    http.post(apiPath('/contact/:id/sendactivity'), async ({ request, params }) => {
      const found = findContact(idParam(params));
      const read = await readBody(request, sendActivity, MESSAGES.activityEmailNotSent);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.contactNotFound);
      db.outbox.push({ to: found.email, kind: 'activity' });
      return reply(okAnswer, { ok: true });
    }),
    http.put(apiPath('/contact/:id/meta/note_prefs'), async ({ request, params }) => {
      const found = findContact(idParam(params));
      const read = await readBody(request, notePrefsUpdate);
      if (!read.ok) return read.answer;
      if (!found) return notFound();
      // The contract may hand the JSON text over already parsed; the meta stores it as text.
      const value: unknown = read.body.meta_value;
      const entry = {
        id: nextId(found.meta, (m) => m.id), ...found.meta.find((m) => m.meta_key === 'note_prefs'),
        meta_key: 'note_prefs', meta_value: typeof value === 'string' ? value : JSON.stringify(value),
      };
      found.meta = [...found.meta.filter((m) => m.meta_key !== 'note_prefs'), entry];
      return reply(metaEntry.array(), [entry]);
    }),
    http.get(apiPath('/contact/:id/meta/list_prefs'), ({ params }) =>
      reply(listPrefs, db.listPrefs[idParam(params)] ?? DEFAULT_LIST_PREFS)),
    http.put(apiPath('/contact/:id/meta/list_prefs'), async ({ request, params }) => {
      const read = await readBody(request, listPrefs);
      if (!read.ok) return read.answer;
      db.listPrefs[idParam(params)] = read.body;
      return reply(listPrefs, read.body);
    }),

    http.get(apiPath('/contact/:id/notifications'), ({ params }) =>
      reply(notification.array(), db.notifications.filter((n) => n.contact_id === idParam(params)))),
    http.delete(apiPath('/contact/:id/notifications'), ({ params }) => {
      const before = db.notifications.length;
      db.notifications = db.notifications.filter((n) => n.contact_id !== idParam(params));
      return reply(deletedAnswer, { deleted: before - db.notifications.length });
    }),
    http.post(apiPath('/notifications'), async ({ request }) => {
      const read = await readBody(request, notificationCreate);
      if (!read.ok) return read.answer;
      const created = {
        notification_id: nextId(db.notifications, (n) => n.notification_id), ticket_id: null, ...read.body, date_created: nowIso(),
      };
      db.notifications.push(created);
      return reply(notification, created, 201);
    }),
    http.delete(apiPath('/notifications/:id'), ({ params }) => {
      const before = db.notifications.length;
      db.notifications = db.notifications.filter((n) => n.notification_id !== idParam(params));
      return before === db.notifications.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),

    http.get(apiPath('/options/:name'), ({ params }) => {
      const found = db.options.find((o) => o.option_name === params.name);
      return found ? reply(option, found) : notFound();
    }),
    http.post(apiPath('/options'), async ({ request }) => {
      const read = await readBody(request, optionSave);
      if (!read.ok) return read.answer;
      const saved = { option_name: read.body.option_name, option_value: read.body.option_value };
      db.options = [...db.options.filter((o) => o.option_name !== saved.option_name), saved];
      return reply(option, saved);
    }),
  ];
}
