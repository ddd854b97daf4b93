import { deletedCompanyMonthNote, invoiceMailRecipients, monthOffsetOf } from './deleted-companies';

describe('deletedCompanyMonthNote', () => {
  it('says the month can still be issued, or that the issued invoice stays', () => {
    expect(deletedCompanyMonthNote('Gone LLC', false)).toBe(
      'Gone LLC was deleted. This month can still be issued; no one receives it by e-mail, so print it from its page.',
    );
    expect(deletedCompanyMonthNote('Gone LLC', true)).toBe('Gone LLC was deleted. Its issued invoice stays readable here.');
  });
});

describe('invoiceMailRecipients', () => {
  const contacts = [{ id: 1, primary: 1 }, { id: 2, primary: 0 }];
  it('is the primary contacts, nobody once the company is deleted', () => {
    expect(invoiceMailRecipients(true, contacts)).toEqual([{ id: 1, primary: 1 }]);
    expect(invoiceMailRecipients(false, contacts)).toEqual([]);
  });
});

describe('monthOffsetOf', () => {
  it('counts the months back from the current one', () => {
    expect(monthOffsetOf('2026-11', '2026-11')).toBe(0);
    expect(monthOffsetOf('2026-02', '2026-11')).toBe(9);
    expect(monthOffsetOf('2025-12', '2026-01')).toBe(1);
    expect(monthOffsetOf('2026-12', '2026-11')).toBeNull();
  });
});
