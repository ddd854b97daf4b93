import { createTranslator } from './index';
import { catalogueProblems, messageArguments, pseudoCatalogue, pseudoLocalize } from './tools';

describe('the pseudo-locale', () => {
  it('accents every word and makes it a third longer, keeping arguments, plurals and tags', () => {
    expect(pseudoLocalize('Sign in')).toBe('⟦Šíĝñ íñ~~⟧');
    const message = pseudoLocalize('{count, plural, one {# ticket for {name}} other {# tickets}} <b>now</b>');
    expect(messageArguments(message.slice(1, -1))).toEqual(['<b>', 'count', 'name']);
    const t = createTranslator('en-XA', pseudoCatalogue({ m: '{count, plural, one {# ticket} other {# tickets}}' }));
    expect(t('m', { count: 3 })).toBe('⟦3 ţíçķéţš~~~⟧');
  });
});

describe('catalogueProblems', () => {
  const english = { 'a.title': 'Tickets', 'a.count': '{count, plural, one {# ticket} other {# tickets}}', 'a.unused': 'Nobody' };
  it('finds missing, extra, mismatched, broken and unused keys', () => {
    const problems = catalogueProblems({
      folder: 'mfe-x/src/messages',
      english,
      translations: { de: { 'a.title': 'Tickets', 'a.count': '{n, plural, one {# Ticket} other {# Tickets}}', 'a.extra': 'Mehr', 'a.unused': '{broken' } },
      usedKeys: new Set(['a.title', 'a.count']),
    });
    expect(problems).toEqual([
      'mfe-x/src/messages/de.json: "a.count" takes {n} but English takes {count}',
      'mfe-x/src/messages/en.json: "a.unused" is not used by any code',
      expect.stringMatching(/^mfe-x\/src\/messages\/de\.json: "a\.unused" is not an ICU message/),
      'mfe-x/src/messages/de.json: "a.extra" is not in English',
    ]);
    expect(catalogueProblems({ folder: 'f', english: { k: 'K' }, translations: { de: {} }, usedKeys: new Set(['k']) }))
      .toEqual(['f/de.json: "k" is missing']);
  });
});
