import { MESSAGE_TOKENS, escapeHtml, replaceTokens, ticketListText, tokenValuesFor } from './message-tokens';

describe('message tokens', () => {
  const contact = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.test', phone: '555-123-4567' };

  it('lists the tokens of each recipient kind', () => {
    expect(MESSAGE_TOKENS.clients).toEqual(['companyName', 'companyId', 'primaryFirst', 'primaryLast', 'primaryEmail', 'primaryPhone']);
    expect(MESSAGE_TOKENS.agents).toEqual(['agentFirst', 'agentLast', 'agentEmail']);
    expect(MESSAGE_TOKENS.tickets).toEqual(['companyName', 'contactFirst', 'contactLast', 'ticketList']);
  });

  it('replaces known tokens and leaves unknown ones as written', () => {
    const values = tokenValuesFor('clients', { contact, company: { company_id: 7, name: 'Acme' } });
    expect(replaceTokens('Hi {{primaryFirst}} of {{ companyName }} (#{{companyId}}) {{nope}}', values))
      .toBe('Hi Ada of Acme (#7) {{nope}}');
  });

  it('escapes values, not the text around them, when asked to', () => {
    expect(replaceTokens('<p>{{companyName}}</p>', { companyName: '<b>A&B</b>' }, escapeHtml)).toBe('<p>&lt;b&gt;A&amp;B&lt;/b&gt;</p>');
  });

  it('fills every token of every kind', () => {
    const tickets = [{ ticket_id: 12, title: 'Header' }, { ticket_id: 15, title: 'New page' }];
    const values = tokenValuesFor('tickets', { contact, company: { company_id: 1, name: 'Acme' }, tickets });
    expect(values.ticketList).toBe(ticketListText(tickets));
    expect(values.ticketList).toBe('#12 Header; #15 New page');
    for (const kind of ['contacts', 'clients', 'agents', 'tickets'] as const) {
      expect(Object.keys(tokenValuesFor(kind, { contact })).sort()).toEqual([...MESSAGE_TOKENS[kind]].sort());
    }
  });
});
