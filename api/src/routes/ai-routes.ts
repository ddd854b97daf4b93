import { aiStatus, aiTasksAnswer, aiTasksRequest } from '@portal/contract';
import { MESSAGES, canUseAiTasks } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { AiServiceError, aiTasksConfigured, generateTaskList } from '../services/ai-tasks';
import { errorResponses } from './route-helpers';

const FAILURE_ANSWERS = {
  unconfigured: [503, MESSAGES.serviceNotConnected],
  busy: [503, MESSAGES.aiServiceBusy],
  failed: [502, MESSAGES.aiServiceFailed],
  format: [502, MESSAGES.invalidTaskListFormat],
} as const;

export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  routes.get(
    '/ai/status',
    {
      schema: {
        tags: ['ai'],
        summary: 'Which AI helpers are connected (the UI disables what is not)',
        response: { 200: aiStatus, ...errorResponses(401) },
      },
    },
    async (request) => {
      requireViewer(request.viewer);
      return { tasks: aiTasksConfigured(config.ai) };
    },
  );

  routes.post(
    '/ai/tasks',
    {
      schema: {
        tags: ['ai'],
        summary: 'Suggest a task list for a ticket from its title and description (staff)',
        body: aiTasksRequest,
        response: { 200: aiTasksAnswer, ...errorResponses(400, 401, 403, 502, 503) },
      },
    },
    async (request) => {
      authorize(request.viewer, canUseAiTasks);
      try {
        return { tasks: await generateTaskList(config.ai, request.body) };
      } catch (error) {
        if (!(error instanceof AiServiceError)) throw error;
        const [status, message] = FAILURE_ANSWERS[error.failure];
        request.log.warn({ failure: error.failure }, 'AI task list failed');
        throw new HttpError(status, message);
      }
    },
  );
}
