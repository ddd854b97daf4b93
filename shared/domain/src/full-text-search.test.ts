import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { isEmptySearch, markSnippet, readSearchText, searchGroupsFor, snippetParts, SEARCH_MAX_WORDS, SNIPPET_HIT_END, SNIPPET_HIT_START } from './full-text-search';

describe('reading a typed search', () => {
  it('reads words of letters and digits, lower case, once each', () => {
    expect(readSearchText('  Safari checkout-BUG safari ').words).toEqual(['safari', 'checkout', 'bug']);
  });

  it('keeps nothing of the query syntax of either engine', () => {
    expect(readSearchText('title:"x" OR y* & !z | (w)').words).toEqual(['title', 'x', 'or', 'y', 'z', 'w']);
    expect(readSearchText('*:* <script>').words).toEqual(['script']);
  });

  it('reads #123 and 123 as a ticket number', () => {
    expect(readSearchText('#123').ticketNumber).toBe(123);
    expect(readSearchText('123').ticketNumber).toBe(123);
    expect(readSearchText('123 safari').ticketNumber).toBeNull();
  });

  it('reads a phone number in any formatting as its digits', () => {
    expect(readSearchText('+1 (555) 123-4567').phoneDigits).toBe('15551234567');
    expect(readSearchText('555.123').phoneDigits).toBe('555123');
    expect(readSearchText('12').phoneDigits).toBeNull();
    expect(readSearchText('call 555').phoneDigits).toBeNull();
  });

  it('bounds what it reads', () => {
    const many = Array.from({ length: 20 }, (_, index) => `w${index}`).join(' ');
    expect(readSearchText(many).words).toHaveLength(SEARCH_MAX_WORDS);
    expect(readSearchText('a'.repeat(500)).words[0]).toHaveLength(40);
    expect(isEmptySearch(readSearchText(' ,.;- '))).toBe(true);
  });
});

describe('who finds what', () => {
  it('gives companies and contacts to staff only', () => {
    expect(searchGroupsFor(GROUP_ADMIN)).toEqual(['tickets', 'notes', 'companies', 'contacts']);
    expect(searchGroupsFor(GROUP_CLIENT)).toEqual(['tickets', 'notes']);
  });
});

describe('snippets', () => {
  it('splits a marked snippet into its hits and the text around them', () => {
    expect(snippetParts('the \u0001Safari\u0002 checkout on \u0001saf\u0002e')).toEqual([
      { text: 'the ', hit: false }, { text: 'Safari', hit: true }, { text: ' checkout on ', hit: false },
      { text: 'saf', hit: true }, { text: 'e', hit: false },
    ]);
    expect(snippetParts('plain')).toEqual([{ text: 'plain', hit: false }]);
  });

  it('shows the words of Markdown, not its marks', async () => {
    const { withoutMarkdown } = await import('./full-text-search');
    expect(withoutMarkdown('## Checkout\n\nThe **\u0001Safari\u0002** _button_ is `broken`.')).toBe('Checkout The \u0001Safari\u0002 button is broken.');
    expect(withoutMarkdown('- [x] fix the [\u0001saf\u0002ari link](https://example.com/a_b) ![logo](x.png)')).toBe('fix the \u0001saf\u0002ari link logo');
    expect(withoutMarkdown('> quoted\n1. first\n| a | b |\n| --- | --- |\n<b>bold</b> snake_case_name 2*3')).toBe('quoted first a b bold snake_case_name 2*3');
    expect(withoutMarkdown('…lines. ## Heading')).toBe('…lines. ## Heading');
    expect(withoutMarkdown('… ## Cut heading')).toBe('… Cut heading');
  });
});

describe("a table's snippet", () => {
  it('shows the cells as words with spaces between them: no pipes, no rule rows', async () => {
    const { withoutMarkdown } = await import('./full-text-search');
    expect(withoutMarkdown('| Page | Size |\n|---|:-:|\n| \u0001Home\u0002 | 2 MB |')).toBe('Page Size \u0001Home\u0002 2 MB');
    expect(withoutMarkdown('Page|Size\n-|-\nHome|2 MB')).toBe('Page Size Home 2 MB');
    expect(withoutMarkdown('…sizes: | Cart | 3 MB |…')).toBe('…sizes: Cart 3 MB …');
  });

  it('keeps an escaped pipe as text', async () => {
    const { withoutMarkdown } = await import('./full-text-search');
    expect(withoutMarkdown('| Rule | a \\| b |')).toBe('Rule a | b');
  });

  it('reaches the screen without a pipe', () => {
    const marked = markSnippet('| Page | Size |\n| --- | --- |\n| Checkout | 4 MB |', ['checkout']);
    const text = snippetParts(marked).map((part) => part.text).join('');
    expect(text).toBe('Page Size Checkout 4 MB');
    expect(snippetParts(marked).filter((part) => part.hit)).toEqual([{ text: 'Checkout', hit: true }]);
  });
});

describe('where a result opens', () => {
  it('opens tickets, notes, companies and contacts where each lives', async () => {
    const { ticketHitPath, noteHitPath, companyHitPath, contactHitPath, searchPagePath } = await import('./full-text-search');
    expect(ticketHitPath({ company_id: 2, ticket_id: 9 })).toBe('/clients/2/tickets/9');
    expect(noteHitPath({ company_id: 2, ticket_id: 9, activity_id: 40 })).toBe('/clients/2/tickets/9#note-40');
    expect(companyHitPath({ company_id: 2 })).toBe('/clients/2');
    expect(contactHitPath({ contact_id: 3, group_id: GROUP_ADMIN, company_id: null })).toBe('/agents/3');
    expect(contactHitPath({ contact_id: 8, group_id: GROUP_CLIENT, company_id: 2 })).toBe('/clients/2/contacts');
    expect(contactHitPath({ contact_id: 8, group_id: GROUP_CLIENT, company_id: null })).toBeNull();
    expect(searchPagePath('safari bug', 'notes')).toBe('/search?q=safari%20bug&group=notes');
  });
});

describe('ranking', () => {
  it('matches word starts the way the engines do', async () => {
    const { startsEveryWord } = await import('./full-text-search');
    expect(startsEveryWord(['saf', 'bug'], 'Safari checkout-bug')).toBe(true);
    expect(startsEveryWord(['afari'], 'Safari')).toBe(false);
    expect(startsEveryWord([], 'Safari')).toBe(false);
  });

  it('puts the numbered ticket, then title matches, then open tickets, then the newest first', async () => {
    const { rankTicketHits } = await import('./full-text-search');
    const hits = [
      { ticket_id: 1, title: 'Old safari thing', status_id: 5 },
      { ticket_id: 2, title: 'Footer', status_id: 1 },
      { ticket_id: 3, title: 'Footer', status_id: 5 },
      { ticket_id: 4, title: 'Safari open', status_id: 2 },
      { ticket_id: 5, title: 'Safari newest closed', status_id: 6 },
      { ticket_id: 9, title: 'Named by number', status_id: 5 },
    ];
    expect(rankTicketHits(hits, { words: ['safari'], ticketNumber: 9 }).map((hit) => hit.ticket_id)).toEqual([9, 4, 5, 1, 2, 3]);
  });

  it('puts notes on open tickets first, then the newest', async () => {
    const { rankNoteHits } = await import('./full-text-search');
    const hits = [{ activity_id: 1, status_id: 1 }, { activity_id: 2, status_id: 5 }, { activity_id: 3, status_id: 3 }];
    expect(rankNoteHits(hits).map((hit) => hit.activity_id)).toEqual([3, 1, 2]);
  });
});

describe('markSnippet', () => {
  const hits = (marked: string) => snippetParts(marked).filter((part) => part.hit).map((part) => part.text);

  it('marks every word that starts with a typed word, whatever its case', () => {
    expect(markSnippet('Safari shows the Checkout button twice in safari mode', ['saf', 'check'])).toBe(
      `${SNIPPET_HIT_START}Safari${SNIPPET_HIT_END} shows the ${SNIPPET_HIT_START}Checkout${SNIPPET_HIT_END} button twice in ${SNIPPET_HIT_START}safari${SNIPPET_HIT_END} mode`,
    );
  });

  it('shows the stretch with the most typed words, cut with an ellipsis on both sides', () => {
    const filler = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ');
    const marked = markSnippet(`${filler} the okapi ate the quokka here ${filler}`, ['okapi', 'quokka'], 8);
    expect(marked.startsWith('…')).toBe(true);
    expect(marked.endsWith('…')).toBe(true);
    expect(hits(marked)).toEqual(['okapi', 'quokka']);
    expect(snippetParts(marked).map((part) => part.text).join('').split(' ').filter(Boolean).length).toBeLessThanOrEqual(10);
  });

  it('a word in the middle of another does not count; a text without hits shows its start', () => {
    expect(hits(markSnippet('backup of the wordpress site', ['press']))).toEqual([]);
    expect(markSnippet('plain words only', ['zebra'])).toBe('plain words only');
  });

  it('markers already in the text are removed, so the text cannot fake a hit', () => {
    expect(hits(markSnippet(`a ${SNIPPET_HIT_START}fake${SNIPPET_HIT_END} hit and a real one`, ['real']))).toEqual(['real']);
  });
});
