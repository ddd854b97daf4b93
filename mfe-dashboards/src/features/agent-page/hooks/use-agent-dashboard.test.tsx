import { SWRConfig, type Middleware } from 'swr';
import { safetyNetKeys, useLiveUpdates } from '@portal/api-client';
import { anAgent, renderWithPortal } from '@portal/testing';
import { AGENT_DASHBOARD_POLL_MS, useAgentDashboard, useAgentTime } from './use-agent-dashboard';

const agent = anAgent();
const intervals = new Map<string, unknown>();
const recordInterval: Middleware = (useSWRNext) => (key, fetcher, config) => {
  if (typeof key === 'string') intervals.set(key.split('?')[0]!, config.refreshInterval);
  return useSWRNext(key, fetcher, config);
};

function AgentPage() {
  useLiveUpdates(agent.contact_id);
  useAgentDashboard(agent.contact_id);
  useAgentTime(agent.contact_id, { fromMonth: '2026-01', toMonth: '2026-03', months: 12 });
  return null;
}

describe('agent page polling and the live stream', () => {
  it('polls every 5 s while the stream is down; while it is open its keys are in the tab\'s safety net, not polled alone', () => {
    const { live } = renderWithPortal(<SWRConfig value={{ use: [recordInterval] }}><AgentPage /></SWRConfig>, { viewer: agent });
    const keys = [`/contact/${agent.contact_id}/tickets`, `/contact/${agent.contact_id}/currenttime`, `/contact/${agent.contact_id}/time`];
    expect(keys.map((key) => intervals.get(key))).toEqual(keys.map(() => AGENT_DASHBOARD_POLL_MS));

    live.ready();
    expect(keys.map((key) => intervals.get(key))).toEqual(keys.map(() => 0));
    expect(safetyNetKeys().map((key) => key.split('?')[0])).toEqual(expect.arrayContaining(keys));

    live.error();
    expect(keys.map((key) => intervals.get(key))).toEqual(keys.map(() => AGENT_DASHBOARD_POLL_MS));
  });
});
