import {
  agentPlacementsText, agentRemovedNote, assignmentsWithout, canEditPayRate, parsePayRateInput, payRateEffectiveFrom, payRateLabel, returnsToBacklog,
  type AgentPlacements,
} from './agents';
import { STATUS } from './lookups';

const viewer = (groupId: number) => ({ contactId: 1, groupId, companyIds: [], primaryCompanyIds: [] });

describe('canEditPayRate', () => {
  it('is for admins only', () => {
    expect([1, 2, 3, 4, 5].filter((groupId) => canEditPayRate(viewer(groupId)))).toEqual([1]);
  });
});

describe('parsePayRateInput', () => {
  it('reads dollars per hour with up to two decimals', () => {
    expect(parsePayRateInput('42')).toBe(42);
    expect(parsePayRateInput(' 42.5 ')).toBe(42.5);
    expect(parsePayRateInput('0')).toBe(0);
    expect(parsePayRateInput(37.25)).toBe(37.25);
    expect(parsePayRateInput('10000')).toBe(10000);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '-1', '4.567', 'abc', '1e3', '10000.01', '12,5']) expect(parsePayRateInput(bad)).toBeNull();
  });
});

describe('payRateEffectiveFrom', () => {
  it('is the first instant of the current month in the zone', () => {
    expect(payRateEffectiveFrom(new Date('2026-11-26T04:00:00Z'), 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // 1 December 02:00 UTC is still 30 November in New York.
    expect(payRateEffectiveFrom(new Date('2026-12-01T02:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('payRateLabel', () => {
  it('shows the rate per hour or that there is none', () => {
    expect(payRateLabel(40)).toBe('$40.00/h');
    expect(payRateLabel(null)).toBe('No rate');
  });
});

describe('returnsToBacklog', () => {
  it('takes back every open status, Assigned, Need More Info and Ready To Launch included', () => {
    const all = Object.values(STATUS);
    expect(all.filter(returnsToBacklog).sort()).toEqual([1, 2, 3, 4, 7, 8]);
    expect(returnsToBacklog(STATUS.complete)).toBe(false);
    expect(returnsToBacklog(STATUS.cancelled)).toBe(false);
  });
});

describe('agentRemovedNote', () => {
  it('says why the ticket went back', () => {
    expect(agentRemovedNote('Alan Agent')).toBe('Back to Backlog, unassigned: Alan Agent was deleted as an agent.');
  });
});

describe('assignmentsWithout', () => {
  it('drops the agent and names the types it held', () => {
    expect(assignmentsWithout({ meeting: 7, question: 3, incident_bug: 7 }, 7)).toEqual({ kept: { question: 3 }, removed: ['meeting', 'incident_bug'] });
    expect(assignmentsWithout({ question: 3 }, 7)).toEqual({ kept: { question: 3 }, removed: [] });
  });
});

describe('agentPlacementsText', () => {
  const none: AgentPlacements = { default_agent_of: [], type_assignments: [], open_tickets: 0 };

  it('says the agent is named nowhere', () => {
    expect(agentPlacementsText('Zed Zulu', none)).toBe(
      "Zed Zulu is no company's default agent and has no type assignments. No open tickets go back to Backlog.",
    );
  });

  it('names the companies, the type assignments and the open tickets', () => {
    const placements: AgentPlacements = {
      default_agent_of: [{ company_id: 1, company_name: 'Acme' }, { company_id: 2, company_name: 'Beta' }],
      type_assignments: [
        { company_id: null, company_name: null, type_key: 'meeting', type_name: 'Meeting' },
        { company_id: 1, company_name: 'Acme', type_key: 'question', type_name: 'Question' },
        { company_id: 1, company_name: 'Acme', type_key: 'incident_bug', type_name: 'Incident/Bug' },
      ],
      open_tickets: 3,
    };
    expect(agentPlacementsText('Zed Zulu', placements)).toBe(
      'Zed Zulu is the default agent of Acme and Beta. Zed Zulu is assigned Meeting for all companies and Question and Incident/Bug at Acme. '
      + 'Deleting clears these. 3 open tickets go back to Backlog, unassigned, with a note.',
    );
    expect(agentPlacementsText('Zed', { ...none, open_tickets: 1 })).toContain('1 open ticket goes back to Backlog');
  });
});
