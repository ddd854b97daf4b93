import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDF_BYTES, multipartBody } from '../test-support/multipart';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { databaseStore } from './attachment-store';
import { LEFTOVER_AFTER_MS } from './attachment-leftovers';

// Leftover attachment bytes (docs/product/tickets.md#leftover-bytes): what a process stopped between writing bytes
// and committing their row leaves, removed by the job runner once a day old; everything an attachment keeps, and
// everything younger or not named as the portal names files, stays. Both stores on both databases (the chunks table
// exists on SQLite too).

const TWO_DAYS_MS = 2 * LEFTOVER_AFTER_MS;
const HOUR_MS = 60 * 60 * 1000;

let cast: DemoCast;
let uploads: string;

beforeEach(async () => {
  cast = await openDemoCast();
  uploads = cast.t.app.config.uploadsDir;
  mkdirSync(uploads, { recursive: true });
});

afterEach(async () => {
  await cast.t.close();
});

/** A file in the uploads folder, last written `ageMs` ago. */
function aFile(name: string, ageMs: number): string {
  const file = path.join(uploads, name);
  writeFileSync(file, PDF_BYTES);
  const when = new Date(Date.now() - ageMs);
  utimesSync(file, when, when);
  return name;
}

const storedName = () => `${randomUUID()}.pdf`;

/** A file uploaded through the route as Acme's client: its row and its stored name. */
async function anUpload(): Promise<string> {
  const ticketId = (await cast.t.app.repos.tickets.listForCompany(cast.ids.acme))[0]!.ticket_id;
  const { payload, headers } = multipartBody([{ filename: 'kept.pdf', content: PDF_BYTES }]);
  const res = await cast.t.app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/attachments`, payload, headers: { ...headers, cookie: cast.cookies.client } });
  expect(res.statusCode).toBe(201);
  const [attachment] = res.json() as { attachment_id: number }[];
  return (await cast.t.app.repos.attachments.findById(attachment!.attachment_id))!.stored_name;
}

/** Chunks written `ageMs` ago by the portal's clock, with no row. */
async function someChunks(ageMs: number, name?: string): Promise<string> {
  const store = databaseStore(cast.t.app.repos.attachments, () => new Date(Date.now() - ageMs));
  if (!name) return (await store.put([PDF_BYTES], 'pdf')).storedName;
  await cast.t.app.repos.attachments.addChunk(name, 0, PDF_BYTES, new Date(Date.now() - ageMs).toISOString());
  return name;
}

const hasChunks = async (name: string) => (await cast.t.app.repos.attachments.contentSize(name)) !== null;

test('a day-old file or chunk set no attachment names is removed; kept, younger and foreign ones stay', async () => {
  const kept = await anUpload();
  utimesSync(path.join(uploads, kept), new Date(Date.now() - TWO_DAYS_MS), new Date(Date.now() - TWO_DAYS_MS));
  const abandoned = aFile(storedName(), TWO_DAYS_MS);
  const underWay = aFile(storedName(), LEFTOVER_AFTER_MS - HOUR_MS);
  const notOurs = aFile('backup-notes.pdf', TWO_DAYS_MS);
  const abandonedChunks = await someChunks(TWO_DAYS_MS);
  const chunksUnderWay = await someChunks(LEFTOVER_AFTER_MS - HOUR_MS);

  expect(await cast.t.app.jobs.removeLeftovers()).toEqual({ files: 1, chunked: 1 });

  expect(existsSync(path.join(uploads, kept))).toBe(true);
  expect(existsSync(path.join(uploads, abandoned))).toBe(false);
  expect(existsSync(path.join(uploads, underWay))).toBe(true);
  expect(existsSync(path.join(uploads, notOurs))).toBe(true);
  expect(await hasChunks(abandonedChunks)).toBe(false);
  expect(await hasChunks(chunksUnderWay)).toBe(true);
  // The kept upload still downloads.
  const [row] = await cast.t.app.db.selectFrom('attachments').select('attachment_id').where('stored_name', '=', kept).execute();
  const download = await cast.t.app.inject({ method: 'GET', url: `/api/attachments/${row!.attachment_id}/download`, headers: { cookie: cast.cookies.client } });
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);

  // Counted for GET /metrics; a second run finds nothing more.
  const metrics = await cast.t.app.metrics.scrape();
  expect(metrics).toContain('portal_attachment_leftovers_removed_total{store="files"} 1');
  expect(metrics).toContain('portal_attachment_leftovers_removed_total{store="database"} 1');
  expect(metrics).toContain('portal_job_runs_total{job="attachment-leftovers"} 1');
  expect(await cast.t.app.jobs.removeLeftovers()).toEqual({ files: 0, chunked: 0 });
});

test('a copy in the store its attachment no longer names (a move stopped after its commit) goes; the named copy stays', async () => {
  // The row says the bytes are in the database: the file beside them is what an interrupted move to the database left.
  const name = await anUpload();
  await someChunks(TWO_DAYS_MS, name);
  await cast.t.app.db.updateTable('attachments').set({ stored_in: 'database' }).where('stored_name', '=', name).execute();
  utimesSync(path.join(uploads, name), new Date(Date.now() - TWO_DAYS_MS), new Date(Date.now() - TWO_DAYS_MS));

  expect(await cast.t.app.jobs.removeLeftovers()).toEqual({ files: 1, chunked: 0 });
  expect(existsSync(path.join(uploads, name))).toBe(false);
  expect(await hasChunks(name)).toBe(true);
});

test('more leftovers than a page are all removed in one run', async () => {
  const names = Array.from({ length: 450 }, () => aFile(storedName(), TWO_DAYS_MS));
  expect((await cast.t.app.jobs.removeLeftovers()).files).toBe(450);
  expect(names.filter((name) => existsSync(path.join(uploads, name)))).toEqual([]);
});

test('the job runner removes them on its own, from its first pass', async () => {
  const abandoned = aFile(storedName(), TWO_DAYS_MS);
  const runner = await cast.t.openAnother({ runJobs: true });
  try {
    // What listen() does: the job runner starts when the API is ready.
    await runner.ready();
    const deadline = Date.now() + 10_000;
    while (existsSync(path.join(uploads, abandoned)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(path.join(uploads, abandoned))).toBe(false);
  } finally {
    await runner.close();
  }
});
