import { act } from '@testing-library/react';
import { SECURITY_MESSAGES, guardRoute } from '@portal/domain';
import { useSession, viewerOf } from '@portal/session';
import { anAgent } from '@portal/testing';
import { watchEnrolRequired } from './watch-enrol-required';

const agent = anAgent();
const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const guardOf = (path: string) => {
  const state = useSession.getState();
  const viewer = viewerOf(state);
  return guardRoute(path, viewer && { ...viewer, enrolRequired: state.enrolRequired });
};

describe("the API client's watch for the two-factor policy", () => {
  beforeEach(() => {
    act(() => useSession.getState().signIn({ contact: agent, dashboard: '/agents', enrol_required: false }));
  });
  afterEach(() => {
    act(() => useSession.getState().signOut());
  });

  it('sends every page to the Security page once the API says the policy waits for a second factor', async () => {
    expect(guardOf('/agents')).toEqual({ kind: 'allow' });
    const fetch = watchEnrolRequired(answer(403, { statusCode: 403, error: SECURITY_MESSAGES.enrolRequired }));

    const refused = await fetch('/api/company');

    // The caller still gets the answer, body and all, to show as it would.
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: SECURITY_MESSAGES.enrolRequired });
    expect(useSession.getState().enrolRequired).toBe(true);
    expect(guardOf('/agents')).toEqual({ kind: 'redirect', to: '/security' });
    expect(guardOf('/security')).toEqual({ kind: 'allow' });
  });

  it('leaves the session alone on any other refusal or answer', async () => {
    for (const fetch of [
      watchEnrolRequired(answer(403, { statusCode: 403, error: 'You may not see this ticket.' })),
      watchEnrolRequired(answer(200, { error: SECURITY_MESSAGES.enrolRequired })),
      watchEnrolRequired(async () => new Response('<html>', { status: 403 })),
    ]) await fetch('/api/x');
    expect(useSession.getState().enrolRequired).toBe(false);
  });
});
