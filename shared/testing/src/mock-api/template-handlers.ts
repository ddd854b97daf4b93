import { mailTemplate } from '@portal/contract';
import { templateEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, mock, nextId, nowIso, readBody } from './respond';

/** The message centre's templates: the list, and saving one by name (a new one or over the old). */
export function templateHandlers(db: PortalData) {
  return [
    mock(api.mailTemplates, () => answer(api.mailTemplates, db.templates)),
    mock(api.saveMailTemplate, async ({ request }) => {
      const read = await readBody(request, api.saveMailTemplate, MESSAGES.templateSaveFailed);
      if (!read.ok) return read.answer;
      const existing = db.templates.find((t) => t.name === read.body.name);
      const saved = mailTemplate.parse({
        id: existing?.id ?? nextId(db.templates, (t) => t.id), date_created: existing?.date_created ?? nowIso(), ...read.body,
      });
      db.templates = [...db.templates.filter((t) => t.name !== saved.name), saved];
      return answer(api.saveMailTemplate, saved);
    }),
  ];
}
