jest.mock('fastify', () => jest.requireActual('./test-support/route-table').recordingFastify(jest.requireActual('fastify')));

import { apiTokenRefusal, companyScopeCheck, type ApiTokenAccess } from '@portal/domain';
import { aToken, bearer } from './test-support/api-tokens';
import { matrixCallers, type MatrixCaller, type MatrixCell } from './test-support/authorization-matrix-callers';
import type { TestApp } from './test-support/test-app';

// The authorization matrix (authorization-matrix.test.ts) again, every row and actor called with a personal access
// token instead of a session (docs/decisions/0020-api-tokens.md): a token never gets more than its owner. Its answer is
// the session's, narrowed by the grant's rules in @portal/domain: a read token is refused every write, no token
// reaches the account's own keys, a staff token scoped to Acme reaches only Acme's routes, a revoked one nothing.

const acmeOf = async (t: TestApp) => t.companyId('Acme, LLC');
const apiPath = (routeUrl: string) => routeUrl.replace(/^\/api(?=\/)/, '');
const refusedOr = (cell: MatrixCell, access: ApiTokenAccess): number | null =>
  apiTokenRefusal({ access }, cell.method, apiPath(cell.routeUrl)) ? 403 : null;

const ownerOf = async (t: TestApp, email: string) => t.contactId(email);

/**
 * The one route a session may not use and a token may (a session gets 403 there): what a token of each access gets at
 * it is inbound-ticket-routes.test.ts's to say. Every other route answers a token at most what it answers the session.
 */
const tokenOnly = (cell: MatrixCell) => cell.method === 'POST' && cell.routeUrl === '/api/inbound/tickets';

function tokenCaller(access: ApiTokenAccess): MatrixCaller {
  return {
    name: `with a ${access} token`,
    covers: (actor) => actor !== 'anonymous',
    credentials: async (t, email) => bearer(await aToken(t.app, await ownerOf(t, email), { access })),
    expected: async (_t, cell) => refusedOr(cell, access) ?? (tokenOnly(cell) ? undefined : cell.sessionExpected),
  };
}

/** What a company-scoped token's request names: the company of its `:id`, of its ticket, or of its body. */
async function companyNamed(t: TestApp, cell: MatrixCell, check: 'company-param' | 'ticket-param' | 'body-company'): Promise<number | 'missing'> {
  const url = String(cell.request.url);
  if (check === 'company-param') return Number(/^\/api\/company\/(-?\d+)/.exec(url)?.[1]);
  if (check === 'body-company') return Number((cell.request.payload as { company_id?: unknown } | undefined)?.company_id);
  const ticket = await t.app.repos.tickets.findAccess(Number(/^\/api\/ticket\/(\d+)/.exec(url)?.[1]));
  return ticket ? ticket.company_id : 'missing';
}

const scopedToAcme: MatrixCaller = {
  name: 'with a write token limited to Acme',
  covers: (actor) => actor === 'agent' || actor === 'admin',
  credentials: async (t, email) => bearer(await aToken(t.app, await ownerOf(t, email), { access: 'write', companyId: await acmeOf(t) })),
  async expected(t, cell) {
    const refused = refusedOr(cell, 'write');
    if (refused) return refused;
    const check = companyScopeCheck(cell.method, apiPath(cell.routeUrl));
    if (check === null) return 403;
    if (check === 'grant') return undefined;
    if (check === 'none' || check === 'narrowed') return cell.sessionExpected;
    const named = await companyNamed(t, cell, check);
    if (named === 'missing' || named === (await acmeOf(t))) return cell.sessionExpected;
    // Another company's: refused as it arrives when the route names it; a body is read first (a malformed one is refused as such).
    return check === 'body-company' && cell.sessionExpected === 400 ? 400 : 403;
  },
};

const revoked: MatrixCaller = {
  name: 'with a revoked token',
  covers: (actor) => actor === 'admin' || actor === 'clientA',
  async credentials(t, email) {
    const owner = await ownerOf(t, email);
    const token = await aToken(t.app, owner, { access: 'write' });
    await t.app.db.updateTable('api_tokens').set({ revoked_at: new Date().toISOString() }).where('contact_id', '=', owner).execute();
    return bearer(token);
  },
  expected: async () => 401,
};

matrixCallers.splice(0, matrixCallers.length, tokenCaller('read'), tokenCaller('write'), tokenCaller('inbound'), scopedToAcme, revoked);

// The matrix's rows and cells, now called with the tokens above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('./authorization-matrix.test');
