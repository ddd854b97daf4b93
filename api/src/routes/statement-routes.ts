import { statementEndpoints as api } from '@portal/contract/endpoints';
import { canManageStatements, canReadCompanyStatement } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { serviceContext } from '../services/service-context';
import { companyStatement, companyStatements, holdStatement, releaseStatement, statementMonth } from '../services/statements';
import { endpointRoute } from './endpoint-route';

// Monthly statements (docs/product/statements.md): a company's statement of a month and the ones it was sent (admins
// and its primary contacts, who read a statement once it is sent), every company's statement of a month, holding and
// releasing one (admins). Months are 'YYYY-MM' in the portal's time zone.
export async function statementRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.companyStatements,
    {
      tags: ['statements'],
      summary: 'The monthly statements sent to a company, newest month first (admins and its primary contacts)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, (viewer) => canReadCompanyStatement(viewer, request.params.id));
      return companyStatements(serviceContext(app, request), request.params.id);
    },
  );

  endpointRoute(
    app,
    api.companyStatement,
    {
      tags: ['statements'],
      summary: "A company's statement of a month: tickets worked and completed, time and value, plan hours, maintenance, overdue",
      description: 'Admins read every month that has started (the preview); the primary contacts a statement once sent (404 before).',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = authorize(request.viewer, (who) => canReadCompanyStatement(who, request.params.id));
      return companyStatement(serviceContext(app, request), viewer, request.params.id, request.params.month);
    },
  );

  endpointRoute(
    app,
    api.statementMonth,
    {
      tags: ['statements'],
      summary: "Every company's statement of a month with its status: Draft, Held or Sent (admins)",
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canManageStatements);
      return statementMonth(serviceContext(app, request), request.query.month);
    },
  );

  endpointRoute(
    app,
    api.holdStatement,
    {
      tags: ['statements'],
      summary: "Hold a company's statement: the send skips it until it is released (admins; audited)",
      description: 'A statement already sent: 409. A month not started: 400.',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canManageStatements);
      return holdStatement(serviceContext(app, request), viewer, auditActor(request), request.params.id, request.params.month);
    },
  );

  endpointRoute(
    app,
    api.releaseStatement,
    {
      tags: ['statements'],
      summary: 'Release a held statement: it goes out with the next send (admins; audited)',
      description: 'A statement that is not held, or was sent: 409.',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      authorize(request.viewer, canManageStatements);
      return releaseStatement(serviceContext(app, request), auditActor(request), request.params.id, request.params.month);
    },
  );
}
