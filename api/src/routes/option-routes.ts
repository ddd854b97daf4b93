import {
  OPTION_NAMES, defaultListNameParam, nameParam, option, optionSave, optionUsage, optionValueSchemas, type LookupItem, type OptionName,
} from '@portal/contract';
import { MESSAGES, canReadOption, canReadOptionUsage, canSaveOption, isDefaultListName } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { auditActor, auditedChange, recorded } from '../services/audit';
import { checkDefaultList, listUsage } from '../services/default-lists';
import { errorResponses } from './route-helpers';

const isOptionName = (name: string): name is OptionName => (OPTION_NAMES as readonly string[]).includes(name);

export async function optionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/options/:name',
    {
      schema: {
        tags: ['options'],
        summary: `One option (any signed-in user): ${OPTION_NAMES.join(', ')}`,
        params: nameParam,
        response: { 200: option, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      authorize(request.viewer, canReadOption);
      const { name } = request.params;
      const value = isOptionName(name) ? await repos.options.get(name) : undefined;
      if (value === undefined) throw new HttpError(404, MESSAGES.noResultsFound);
      return { option_name: name, option_value: value };
    },
  );

  routes.post(
    '/options',
    {
      schema: {
        tags: ['options'],
        summary: 'Save an option (admin); the value is checked against the option’s shape',
        body: optionSave,
        response: { 200: option, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      authorize(request.viewer, canSaveOption);
      const { option_name, option_value } = request.body;
      if (!isOptionName(option_name)) throw new HttpError(400, MESSAGES.invalidInput);
      const parsed = optionValueSchemas[option_name].safeParse(option_value);
      if (!parsed.success) throw new HttpError(400, MESSAGES.invalidInput);
      if (isDefaultListName(option_name)) await checkDefaultList(repos, option_name, parsed.data as LookupItem[]);
      const actor = auditActor(request);
      await repos.options.save(option_name, parsed.data, (before) => recorded(
        auditedChange(actor, 'option.updated', { entityId: null, companyId: null, subject: option_name }, { value: before }, { value: JSON.stringify(parsed.data) }),
      ));
      return { option_name, option_value: parsed.data };
    },
  );

  routes.get(
    '/options/:name/usage',
    {
      schema: {
        tags: ['options'],
        summary: 'How many records use each id of a default list (admins): contacts by group, companies by mode and service, tickets by status, priority and type',
        params: defaultListNameParam,
        response: { 200: optionUsage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canReadOptionUsage);
      return listUsage(repos, request.params.name);
    },
  );
}
