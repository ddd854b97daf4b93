import { csvStream, pagedRows } from './csv-exports';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('csv exports (docs/product/integrations.md#exports)', () => {
  it('reads every page after the last row of the one before, until a short page', async () => {
    const all = Array.from({ length: 25 }, (_, i) => i + 1);
    const asked: (number | null)[] = [];
    const rows = pagedRows(async (after: number | null) => {
      asked.push(after);
      return all.filter((n) => n > (after ?? 0)).slice(0, 10);
    }, 10);
    const seen: number[] = [];
    for await (const row of rows) seen.push(row);
    expect(seen).toEqual(all);
    expect(asked).toEqual([null, 10, 20]);
  });

  it('reads a page only when the writer wants more: a reader that stops early leaves the rest unread', async () => {
    let pagesRead = 0;
    const rows = pagedRows(async (after: number | null) => {
      pagesRead += 1;
      const start = (after ?? 0) + 1;
      return Array.from({ length: 100 }, (_, i) => start + i);
    }, 100);
    // Rows of about 200 bytes, as a ticket's or a time entry's are: the stream's buffers (16 KB) hold well under a page.
    const stream = csvStream(['n', 'text'], rows, (n) => [n, 'x'.repeat(200)]);
    // A reader that takes a single chunk and waits: the export of (endless) pages does not run ahead.
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesRead).toBeLessThanOrEqual(3);
    stream.destroy();
  });

  it('writes a header, quotes what needs quoting and neutralises formulas', async () => {
    async function* rows() {
      yield { title: '=HYPERLINK("http://evil")', note: 'a, "b"\nc', hours: -0.5 };
    }
    const csv = await text(csvStream(['Title', 'Note', 'Hours'], rows(), (r) => [r.title, r.note, r.hours]));
    expect(csv).toBe('Title,Note,Hours\n"\'=HYPERLINK(""http://evil"")","a, ""b""\nc",-0.5\n');
  });
});
