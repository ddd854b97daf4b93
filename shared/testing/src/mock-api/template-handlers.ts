import { http } from 'msw';
import { mailTemplate, mailTemplateList, mailTemplateSave } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiRoute, nextId, nowIso, readBody, reply } from './respond';

/** The message centre's templates: the list, and saving one by name (a new one or over the old). */
export function templateHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/sendmail/templates'), () => reply(mailTemplateList, db.templates)),
    http.post(apiRoute('/sendmail/templates/:name'), async ({ request }) => {
      const read = await readBody(request, mailTemplateSave, MESSAGES.templateSaveFailed);
      if (!read.ok) return read.answer;
      const existing = db.templates.find((t) => t.name === read.body.name);
      const saved = mailTemplate.parse({
        id: existing?.id ?? nextId(db.templates, (t) => t.id), date_created: existing?.date_created ?? nowIso(), ...read.body,
      });
      db.templates = [...db.templates.filter((t) => t.name !== saved.name), saved];
      return reply(mailTemplate, saved);
    }),
  ];
}
