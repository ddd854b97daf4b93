import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import type { Viewer } from './policy';
import {
  canManageSavedReply, canSeeSavedReply, canUseSavedReplies, escapeMarkdownText, fillSavedReply, savedReplyTokenValues, type SavedReplyContext,
} from './saved-replies';

/** An agent: staff, not an admin. */
const GROUP_AGENT = 2;

const viewer = (contactId: number, groupId: number): Viewer => ({ contactId, groupId, companyIds: [], primaryCompanyIds: [] });
const admin = viewer(1, GROUP_ADMIN);
const agent = viewer(2, GROUP_AGENT);
const client = viewer(3, GROUP_CLIENT);

const context: SavedReplyContext = {
  ticket: { ticket_id: 42, title: 'Fix the *header*', company_name: 'Acme' },
  client: { first_name: 'Casey', last_name: 'Jones' },
  agent: { first_name: 'Ada', last_name: 'Byron' },
};

describe('saved reply permissions', () => {
  it('lets staff use saved replies and refuses clients', () => {
    expect(canUseSavedReplies(admin)).toBe(true);
    expect(canUseSavedReplies(agent)).toBe(true);
    expect(canUseSavedReplies(client)).toBe(false);
  });

  it('shows shared ones and one’s own personal ones, never a colleague’s', () => {
    expect(canSeeSavedReply(agent, { owner_id: null })).toBe(true);
    expect(canSeeSavedReply(agent, { owner_id: 2 })).toBe(true);
    expect(canSeeSavedReply(agent, { owner_id: 1 })).toBe(false);
    expect(canSeeSavedReply(admin, { owner_id: 2 })).toBe(false);
    expect(canSeeSavedReply(client, { owner_id: null })).toBe(false);
  });

  it('lets admins write shared ones and each staff member their own', () => {
    expect(canManageSavedReply(admin, { owner_id: null })).toBe(true);
    expect(canManageSavedReply(agent, { owner_id: null })).toBe(false);
    expect(canManageSavedReply(agent, { owner_id: 2 })).toBe(true);
    expect(canManageSavedReply(admin, { owner_id: 2 })).toBe(false);
    expect(canManageSavedReply(client, { owner_id: 3 })).toBe(false);
  });
});

describe('fillSavedReply', () => {
  const values = savedReplyTokenValues(context);

  it('fills the client, ticket and agent tokens', () => {
    expect(fillSavedReply('Hi {{client.first_name}}, about #{{ticket.id}} ({{ticket.title}}). {{agent.name}}', values))
      .toBe('Hi Casey, about #42 (Fix the \\*header\\*). Ada Byron');
    expect(fillSavedReply('{{ client.name }} at {{company.name}}, {{agent.first_name}}', values)).toBe('Casey Jones at Acme, Ada');
  });

  it('leaves unknown tokens as written', () => {
    expect(fillSavedReply('Dear {{client.nickname}} {{ticket}} {{ticket.id}}', values)).toBe('Dear {{client.nickname}} {{ticket}} 42');
  });

  it('fills the client tokens with nothing on a ticket without a requester', () => {
    expect(fillSavedReply('Hi {{client.first_name}}!', savedReplyTokenValues({ ...context, client: null }))).toBe('Hi !');
  });

  it('inserts values as plain text, never as Markdown or HTML', () => {
    expect(escapeMarkdownText('<b>[x](y)</b> a_b `c` | d')).toBe('\\<b\\>\\[x\\](y)\\</b\\> a\\_b \\`c\\` \\| d');
    expect(escapeMarkdownText('# Title\nsecond line')).toBe('\\# Title second line');
    expect(escapeMarkdownText('Smith-Jones 1.5')).toBe('Smith-Jones 1.5');
  });
});
