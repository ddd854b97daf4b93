import type { InjectOptions } from 'fastify';
import type { TestApp } from './test-app';

// How the authorization matrix's caller proves who it is (api/src/authorization-matrix.test.ts): a cookie session by
// default. authorization-matrix.tokens.test.ts runs the same rows with API tokens in its place.

/** One cell as a caller sees it: the row's request and the route it reaches, and what a session gets there. */
export interface MatrixCell {
  actor: string;
  /** The registered route: method and pattern ('/api/ticket/:id'). */
  method: string;
  routeUrl: string;
  request: InjectOptions;
  /** The status the row gives the actor's session. */
  sessionExpected: number;
}

export interface MatrixCaller {
  /** How a cell's name says it ('' for the session, the matrix's own). */
  name: string;
  /** The actors it calls as ('anonymous' is called without credentials). */
  covers(actor: string): boolean;
  /** The headers that make the request the actor's. */
  credentials(t: TestApp, email: string, actor: string): Promise<Record<string, string>>;
  /** The status the cell must answer; undefined: the route's own tests say what this caller gets there. */
  expected(t: TestApp, cell: MatrixCell): Promise<number | undefined>;
}

export const sessionCaller: MatrixCaller = {
  name: '',
  covers: () => true,
  credentials: async (t, email) => ({ cookie: await t.login(email) }),
  expected: async (_t, cell) => cell.sessionExpected,
};

/** The callers the matrix runs with. */
export const matrixCallers: MatrixCaller[] = [sessionCaller];
