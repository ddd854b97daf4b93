import { http } from 'msw';
import { option, optionSave, optionUsage } from '@portal/contract';
import { isDefaultListName } from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiRoute, notFound, readBody, reply } from './respond';

/** Options (the lookup lists and settings stored by name): read, save, and how many records use each id of a default list. */
export function optionHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/options/:name'), ({ params }) => {
      const found = db.options.find((o) => o.option_name === params.name);
      return found ? reply(option, found) : notFound();
    }),
    http.post(apiRoute('/options'), async ({ request }) => {
      const read = await readBody(request, optionSave);
      if (!read.ok) return read.answer;
      const saved = { option_name: read.body.option_name, option_value: read.body.option_value };
      db.options = [...db.options.filter((o) => o.option_name !== saved.option_name), saved];
      return reply(option, saved);
    }),
    http.get(apiRoute('/options/:name/usage'), ({ params }) => {
      const name = String(params.name);
      return isDefaultListName(name) ? reply(optionUsage, db.optionUsage[name] ?? {}) : notFound();
    }),
  ];
}
