import { MESSAGE_TOKENS, escapeHtml, replaceTokens, ticketListText, renderWithTokens, tokenUrlValue, tokenValuesFor } from './message-tokens';

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

  // A stand-in for the Markdown renderer: links with their address percent-encoded, bare addresses linked, text escaped.
  const render = (markdown: string) => escapeHtml(markdown)
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, (_w, text: string, href: string) => `<a href="${encodeURI(href)}">${text}</a>`)
    .replace(/(^|\s)(https:\/\/\S+)/g, (_w, space: string, href: string) => `${space}<a href="${encodeURI(href)}">${href}</a>`);

  it('fills a token inside a link address, URL-encoded, as well as in the text, escaped', () => {
    const values = { companyId: '7', companyName: 'A&B "Co"' };
    expect(renderWithTokens('[{{companyName}}](https://x.test/c/{{companyId}}?n={{ companyName }}) {{nope}}', values, render))
      .toBe('<a href="https://x.test/c/7?n=A%26B%20%22Co%22">A&amp;B &quot;Co&quot;</a> {{nope}}');
    expect(renderWithTokens('see https://x.test/{{companyId}}/page', values, render))
      .toBe('see <a href="https://x.test/7/page">https://x.test/7/page</a>');
    expect(tokenUrlValue('ada@acme.test')).toBe('ada@acme.test');
  });

  it('fills many tokens side by side', () => {
    const values = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`t${i}`, String.fromCharCode(65 + i)]));
    const markdown = Array.from({ length: 12 }, (_, i) => `{{t${i}}}`).join('');
    expect(renderWithTokens(markdown, values, render)).toBe('ABCDEFGHIJKL');
  });

  it('never mistakes text of the message for a token stand-in', () => {
    expect(renderWithTokens('0QxTokQ0QxTokQ {{companyId}}', { companyId: '<7>' }, render)).toBe('0QxTokQ0QxTokQ &lt;7&gt;');
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
