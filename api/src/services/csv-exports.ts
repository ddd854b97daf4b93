import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { csvCell } from '@portal/domain';

// Streams a CSV export (docs/product/integrations.md#exports): rows come from the database a page at a time and go
// through csv-stringify to the caller as they are read. The reader pulls: a page is read only when the writer has
// room for more, so a slow download never makes the server hold the export, and a million rows cost a page of memory.

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Every row of a paged read, in order: `read(after)` answers the page following the row `after` (null: the first page);
 * a page shorter than `pageSize` is the last.
 */
export async function* pagedRows<T>(read: (after: T | null) => Promise<readonly T[]>, pageSize: number): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const page = await read(after);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}

/** The CSV of `rows` under `header`: every cell through csvCell (formulas neutralised), quoted by csv-stringify. */
export function csvStream<T>(header: readonly string[], rows: AsyncIterable<T>, cells: (row: T) => readonly CsvValue[]): Readable {
  async function* records() {
    for await (const row of rows) yield cells(row).map(csvCell);
  }
  // A small high-water mark: at most a few dozen records wait between the database and the writer.
  const source = Readable.from(records(), { objectMode: true, highWaterMark: 16 });
  // Its buffers set here, not left to Node's defaults (a byte stream's grew from 16 KB to 64 KB in Node 22): a few
  // dozen records and 16 KB of text wait for a slow reader, whichever Node runs it.
  const writer = stringify({ header: true, columns: [...header], bom: false, writableHighWaterMark: 16, readableHighWaterMark: 16 * 1024 });
  source.on('error', (error) => writer.destroy(error));
  return source.pipe(writer);
}
