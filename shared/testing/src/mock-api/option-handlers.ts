import { localeValue, type LocaleValue } from '@portal/contract';
import { optionEndpoints as api } from '@portal/contract/endpoints';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, isDefaultListName } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, mock, notFound, readBody } from './respond';

/** The option `locale` as saved (docs/product/languages.md), else the API's default: English and US dollars. */
export function mockLocale(db: PortalData): LocaleValue {
  const parsed = localeValue.safeParse(db.options.find((o) => o.option_name === 'locale')?.option_value);
  return parsed.success ? parsed.data : { language: DEFAULT_LANGUAGE, currency: DEFAULT_CURRENCY };
}

/** Options (the lookup lists and settings stored by name): read, save, and how many records use each id of a default list. */
export function optionHandlers(db: PortalData) {
  return [
    mock(api.option, ({ params }) => {
      // The portal's language and currency read as their defaults until an admin saves them, as the API answers.
      if (params.name === 'locale') return answer(api.option, { option_name: 'locale', option_value: mockLocale(db) });
      const found = db.options.find((o) => o.option_name === params.name);
      return found ? answer(api.option, found) : notFound();
    }),
    mock(api.saveOption, async ({ request }) => {
      const read = await readBody(request, api.saveOption);
      if (!read.ok) return read.answer;
      const saved = { option_name: read.body.option_name, option_value: read.body.option_value };
      db.options = [...db.options.filter((o) => o.option_name !== saved.option_name), saved];
      return answer(api.saveOption, saved);
    }),
    mock(api.optionUsage, ({ params }) => {
      const name = String(params.name);
      return isDefaultListName(name) ? answer(api.optionUsage, db.optionUsage[name] ?? {}) : notFound();
    }),
  ];
}
