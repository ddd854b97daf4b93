import {
  canAddFollower, canAddFollowers, canFollowTicket, canRemoveFollower, canSeeCcAddresses, ccOutcome, followerNoteSnippet, followersToTell,
  type CcContact, type FollowerRecipient,
} from './followers';
import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { staleKeysFor } from './live-events';
import type { Viewer } from './policy';

const GROUP_AGENT = 2;
const ACME = 10;
const OTHER = 20;

const person = (contactId: number, groupId: number, companyIds: number[] = []): Viewer => ({ contactId, groupId, companyIds, primaryCompanyIds: [] });
const admin = person(1, GROUP_ADMIN);
const agent = person(2, GROUP_AGENT);
const requester = person(3, GROUP_CLIENT, [ACME]);
const colleague = person(4, GROUP_CLIENT, [ACME]);
const stranger = person(5, GROUP_CLIENT, [OTHER]);
const ticket = { company_id: ACME, contact_id: requester.contactId };

describe('who may follow a ticket', () => {
  it('is any staff member and a client contact of the ticket’s company', () => {
    expect(canFollowTicket(admin, ticket)).toBe(true);
    expect(canFollowTicket(agent, ticket)).toBe(true);
    expect(canFollowTicket(colleague, ticket)).toBe(true);
    expect(canFollowTicket(stranger, ticket)).toBe(false);
  });
});

describe('who may add and remove followers', () => {
  it('lets the requester and staff add, not another contact of the company', () => {
    expect(canAddFollowers(requester, ticket)).toBe(true);
    expect(canAddFollowers(agent, ticket)).toBe(true);
    expect(canAddFollowers(colleague, ticket)).toBe(false);
    expect(canAddFollowers(stranger, ticket)).toBe(false);
  });

  it('lets the requester add a contact of the company, and only staff add staff', () => {
    expect(canAddFollower(requester, ticket, colleague)).toBe(true);
    expect(canAddFollower(requester, ticket, agent)).toBe(false);
    expect(canAddFollower(requester, ticket, stranger)).toBe(false);
    expect(canAddFollower(agent, ticket, admin)).toBe(true);
    expect(canAddFollower(agent, ticket, colleague)).toBe(true);
    expect(canAddFollower(colleague, ticket, requester)).toBe(false);
  });

  it('lets anyone who may follow add themselves, never someone of another company', () => {
    expect(canAddFollower(colleague, ticket, colleague)).toBe(true);
    expect(canAddFollower(stranger, ticket, stranger)).toBe(false);
  });

  it('lets anyone remove themselves and staff remove anyone', () => {
    expect(canRemoveFollower(colleague, ticket, colleague.contactId)).toBe(true);
    expect(canRemoveFollower(requester, ticket, colleague.contactId)).toBe(false);
    expect(canRemoveFollower(agent, ticket, colleague.contactId)).toBe(true);
    expect(canRemoveFollower(stranger, ticket, stranger.contactId)).toBe(false);
  });

  it('shows the Cc addresses not yet invited to staff only', () => {
    expect(canSeeCcAddresses(agent)).toBe(true);
    expect(canSeeCcAddresses(requester)).toBe(false);
  });
});

describe('whom a change is told to among the followers', () => {
  const following = (viewer: Viewer, active = true): FollowerRecipient => ({ ...viewer, active });
  const followers = [following(agent), following(colleague), following(requester), following(stranger), following(person(6, GROUP_CLIENT, [ACME]), false)];

  it('tells a public change to every active follower who may still follow, but not the author or those already told', () => {
    const told = followersToTell(followers, ticket, { internal: false }, [requester.contactId, agent.contactId]);
    expect(told.map((f) => f.contactId)).toEqual([colleague.contactId]);
  });

  it('tells an internal note to staff followers only', () => {
    const told = followersToTell(followers, ticket, { internal: true }, []);
    expect(told.map((f) => f.contactId)).toEqual([agent.contactId]);
  });

  it('quotes the note on one line, at most 140 characters', () => {
    expect(followerNoteSnippet('Done,\n\nplease check. ')).toBe('Done, please check.');
    expect(followerNoteSnippet('x'.repeat(300))).toBe(`${'x'.repeat(139)}…`);
    expect(followerNoteSnippet('x'.repeat(140))).toBe('x'.repeat(140));
  });
});

describe('what an address in Cc of mail in becomes', () => {
  const contact = (viewer: Viewer, email: string, active = true): CcContact => ({ ...viewer, email, active });
  const contacts = [
    contact(colleague, 'colleague@acme.test'), contact(stranger, 'stranger@other.test'), contact(agent, 'agent@agency.test'),
    contact(person(7, GROUP_CLIENT, [ACME]), 'gone@acme.test', false), contact(requester, 'casey@acme.test'),
  ];

  it('makes a known contact of the company a follower and lists any other address, once each', () => {
    const outcome = ccOutcome(
      ['Colleague@Acme.test', 'new@acme.test', 'stranger@other.test', 'agent@agency.test', 'gone@acme.test', 'new@acme.test', 'support@agency.test', 'sender@acme.test', 'casey@acme.test'],
      ticket, contacts, ['support@agency.test', 'sender@acme.test'],
    );
    expect(outcome.follow).toEqual([colleague.contactId]);
    expect(outcome.unknown).toEqual(['new@acme.test', 'stranger@other.test', 'gone@acme.test']);
  });
});

describe('a change of followers on the live stream', () => {
  it('makes the ticket’s followers stale for those who see the ticket only', () => {
    const change = { kind: 'followers', ticketId: 7, companyId: ACME } as const;
    expect(staleKeysFor(change, colleague)).toEqual(['/ticket/7/followers']);
    expect(staleKeysFor(change, agent)).toEqual(['/ticket/7/followers']);
    expect(staleKeysFor(change, stranger)).toEqual([]);
  });
});
