import { OPTION_NAMES, optionValueSchemas, type OptionName } from '@portal/contract';
import { optionEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canReadOption, canReadOptionUsage, canSaveOption } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { listUsage } from '../services/default-lists';
import { localeOption } from '../services/option-defaults';
import { saveOption } from '../services/options';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

const isOptionName = (name: string): name is OptionName => (OPTION_NAMES as readonly string[]).includes(name);

export async function optionRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.option,
    {
      tags: ['options'],
      summary: `One option (any signed-in user): ${OPTION_NAMES.join(', ')}`,
      errors: [401, 404],
    },
    async (request) => {
      authorize(request.viewer, canReadOption);
      const { name } = request.params;
      // The portal's language and currency read as their defaults until an admin saves them (docs/product/languages.md).
      const value = name === 'locale' ? await localeOption(repos.options) : isOptionName(name) ? await repos.options.get(name) : undefined;
      if (value === undefined) throw new HttpError(404, MESSAGES.noResultsFound);
      return { option_name: name, option_value: value };
    },
  );

  endpointRoute(
    app,
    api.saveOption,
    {
      tags: ['options'],
      summary: 'Save an option (admin); the value is checked against the option’s shape',
      errors: [400, 401, 403, 409],
    },
    async (request) => {
      authorize(request.viewer, canSaveOption);
      const { option_name, option_value } = request.body;
      if (!isOptionName(option_name)) throw new HttpError(400, MESSAGES.invalidInput);
      const parsed = optionValueSchemas[option_name].safeParse(option_value);
      if (!parsed.success) throw new HttpError(400, MESSAGES.invalidInput);
      const { changes } = await saveOption(serviceContext(app, request), auditActor(request), option_name, parsed.data);
      // Every open screen that reads the option revalidates (docs/architecture.md#a-live-update).
      await app.events.publish(...changes, { kind: 'option', name: option_name });
      return { option_name, option_value: parsed.data };
    },
  );

  endpointRoute(
    app,
    api.optionUsage,
    {
      tags: ['options'],
      summary: 'How many records use each id of a default list (admins): contacts by group, companies by mode and service, tickets by status, priority and type',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canReadOptionUsage);
      return listUsage(repos, request.params.name);
    },
  );
}
