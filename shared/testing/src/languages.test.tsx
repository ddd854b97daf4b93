import { MESSAGES, type Locale } from '@portal/domain';
import { useSession } from '@portal/session';
import { agencyCurrency, inGerman, readIn } from './languages';

// The expected German is the table's own (its wording is the product writers', not this test's).
const table = jest.requireActual<Readonly<Record<string, string>>>('@portal/domain/message-translations/de.json');

const asked: Array<Locale | undefined> = [];
const catalogue = { preload: (locale?: Locale) => Promise.resolve(void asked.push(locale)) };

describe('readIn', () => {
  describe('German', () => {
    readIn('de', catalogue);

    it("speaks German with the part's catalogue and the product's fixed texts loaded", () => {
      expect(useSession.getState().language).toBe('de');
      expect(asked).toEqual(['de']);
      expect(table[MESSAGES.ticketNotFound]).toBeDefined();
      expect(inGerman(MESSAGES.ticketNotFound)).toBe(table[MESSAGES.ticketNotFound]);
    });

    it('lets a test name the agency currency', () => {
      agencyCurrency('EUR');
      expect(useSession.getState().currency).toBe('EUR');
    });
  });

  it('speaks English again after', () => {
    expect(asked).toEqual(['de', 'de']);
    expect(useSession.getState().language).toBe('en');
    expect(inGerman(MESSAGES.ticketNotFound)).toBe(MESSAGES.ticketNotFound);
  });
});
