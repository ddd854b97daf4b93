import { createTranslator } from './index';
import { compileCatalogue } from './tools';

const english = {
  greeting: 'Hello, {name}!',
  tickets: '{count, plural, one {# open ticket} other {# open tickets}}',
  register: "Don't have an account? <link>Register</link>",
};
const german = {
  greeting: 'Hallo {name}!',
  tickets: '{count, plural, one {# offenes Ticket} other {# offene Tickets}}',
};

describe('createTranslator', () => {
  it('formats ICU arguments and plurals in the language, and falls back to English for a key the language lacks', () => {
    const t = createTranslator('de', german, english);
    expect(t('greeting', { name: 'Ana' })).toBe('Hallo Ana!');
    expect(t('tickets', { count: 1 })).toBe('1 offenes Ticket');
    expect(t('tickets', { count: 1234 })).toBe('1.234 offene Tickets');
    expect(t.rich('register', { link: (chunks) => ({ link: chunks.join('') }) })).toEqual(["Don't have an account? ", { link: 'Register' }]);
    expect(t('nowhere' as never)).toBe('nowhere');
  });

  it('reads compiled catalogues (syntax trees) exactly as text ones', () => {
    const t = createTranslator('en', compileCatalogue(english));
    expect(t('tickets', { count: 2 })).toBe('2 open tickets');
    expect(t('greeting', { name: 'Bo' })).toBe('Hello, Bo!');
  });
});
