import { csvCell, csvFileName } from './csv-cells';

describe('csv cells (docs/product/integrations.md#exports)', () => {
  it.each(['=SUM(A1:A2)', '+1+2', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://x")'])('prefixes text that a spreadsheet would read as a formula: %j', (text) => {
    expect(csvCell(text)).toBe(`'${text}`);
  });

  it('keeps ordinary text as it is, inner formula characters included', () => {
    expect(csvCell('Site down')).toBe('Site down');
    expect(csvCell('a = b + c')).toBe('a = b + c');
    expect(csvCell("'quoted")).toBe("'quoted");
    expect(csvCell('')).toBe('');
  });

  it('writes the portal\'s own numbers as numbers, a negative correction included', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(12)).toBe('12');
  });

  it('writes nothing for a missing value and yes/no for a flag', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('yes');
    expect(csvCell(false)).toBe('no');
  });

  it('names the file after the export and the day', () => {
    expect(csvFileName('tickets', '2026-12-07')).toBe('tickets-2026-12-07.csv');
  });
});
