// Jest setupFilesAfterEnv of every workspace that uses the kit: one MSW server per test file,
// fresh handlers, recordings and session for every test.
import { cleanup } from '@testing-library/react';
import { useSession } from '@portal/session';
import { clearRecordedRequests, server } from './mock-api/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => useSession.getState().signOut());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearRecordedRequests();
  useSession.getState().signOut();
});

afterAll(() => server.close());
