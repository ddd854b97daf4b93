import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, MODE, attachmentTooLargeMessage } from '@portal/domain';
import { createPortalApi } from '../create-portal-api';
import { isPostgresUrl } from '../db/connect';
import { aTicket } from '../test-support/factories';
import { PDF_BYTES, multipartBody, type UploadFile } from '../test-support/multipart';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { CHUNK_BYTES } from './attachment-store';
import { moveAttachments, type MoveStep } from './attachment-move';

// Attachments kept in PostgreSQL (docs/product/tickets.md#where-attachments-are-kept): two portal processes with
// data folders of their own share nothing but the database, and a file uploaded through one downloads through the
// other; refused uploads leave no chunks; `attachments:move` moves existing files either way, resumably.
// PostgreSQL only (CI runs the API suite on it too).

const postgresOnly = isPostgresUrl(process.env.DATABASE_URL) ? describe : describe.skip;

const MAX_BYTES = 600 * 1024;
/** A PNG of three chunks: its signature, then random bytes. */
const bigPng = (bytes = 2 * CHUNK_BYTES + 4321) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);

const upload = (app: FastifyInstance, cookie: string, ticketId: number, files: UploadFile[]) => {
  const { payload, headers } = multipartBody(files);
  return app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/attachments`, payload, headers: { ...headers, cookie } });
};
const download = (app: FastifyInstance, cookie: string, attachmentId: number) =>
  app.inject({ method: 'GET', url: `/api/attachments/${attachmentId}/download`, headers: { cookie } });
const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

postgresOnly('ATTACHMENT_STORE=database: two portals, one PostgreSQL, separate data folders', () => {
  let cast: DemoCast;
  let other: FastifyInstance;
  let otherDataDir: string;
  let ticketId: number;

  const chunkCount = async () => Number((await cast.t.app.db.selectFrom('attachment_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    cast = await openDemoCast({ attachmentStore: 'database', attachmentMaxBytes: MAX_BYTES });
    otherDataDir = mkdtempSync(path.join(tmpdir(), 'portal-other-machine-'));
    other = await createPortalApi({
      databaseUrl: cast.t.app.config.databaseUrl, dataDir: otherDataDir, attachmentStore: 'database', attachmentMaxBytes: MAX_BYTES,
      seedDemo: false, runJobs: false, mailTransport: null,
    });
    ticketId = (await cast.t.app.repos.tickets.listForCompany(cast.ids.acme))[0]!.ticket_id;
  });

  afterAll(async () => {
    await other?.close();
    await cast.t.close();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  test('a file uploaded through one portal downloads through the other, byte for byte; neither writes it to its disk', async () => {
    const png = bigPng();
    const res = await upload(cast.t.app, cast.cookies.client, ticketId, [{ filename: 'screen.png', content: png }]);
    expect(res.statusCode).toBe(201);
    const [created] = res.json();
    expect(created.size).toBe(png.length);

    const there = await download(other, cast.cookies.agent, created.attachment_id);
    expect(there.statusCode).toBe(200);
    expect(there.headers['content-type']).toBe('image/png');
    expect(there.headers['content-length']).toBe(String(png.length));
    expect(there.rawPayload.equals(png)).toBe(true);
    expect(filesIn(cast.t.app.config.uploadsDir)).toEqual([]);
    expect(filesIn(other.config.uploadsDir)).toEqual([]);

    // Deleted through the other portal: its chunks go, and the first one answers 404.
    const deleted = await other.inject({ method: 'DELETE', url: `/api/ticket/${ticketId}/attachments/${created.attachment_id}`, headers: { cookie: cast.cookies.agent } });
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect(await chunkCount()).toBe(0);
    expect((await download(cast.t.app, cast.cookies.agent, created.attachment_id)).statusCode).toBe(404);
  });

  test('a file over the limit is refused with the limit, after some of it was already written as chunks, and leaves none', async () => {
    const res = await upload(cast.t.app, cast.cookies.client, ticketId, [{ filename: 'huge.png', content: bigPng(MAX_BYTES + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(attachmentTooLargeMessage(MAX_BYTES));
    expect(await chunkCount()).toBe(0);
    expect(await cast.t.app.repos.attachments.listFor('ticket', ticketId)).toEqual([]);
  });

  test('a second file that fails its check removes the first one\'s chunks: the upload is all or nothing', async () => {
    const res = await upload(cast.t.app, cast.cookies.client, ticketId, [
      { filename: 'fine.png', content: bigPng() },
      { filename: 'fake.pdf', content: Buffer.from('MZ not a pdf') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MESSAGES.attachmentContentMismatch);
    expect(await chunkCount()).toBe(0);
    expect(await cast.t.app.repos.attachments.listFor('ticket', ticketId)).toEqual([]);
  });

  test('deleting the company removes its attachments\' chunks', async () => {
    const company = await cast.call('POST', '/api/company', cast.cookies.admin, { name: 'Chunky Ltd', url: 'https://chunky.example', mode: MODE.active });
    expect(company.statusCode).toBe(201);
    const ticket = await aTicket(cast.t.app, { company_id: company.json().company_id, title: 'Files' });
    expect((await upload(other, cast.cookies.agent, ticket, [{ filename: 'a.pdf', content: PDF_BYTES }])).statusCode).toBe(201);
    expect(await chunkCount()).toBe(1);
    expect((await cast.call('DELETE', `/api/company/${company.json().company_id}`, cast.cookies.admin)).statusCode).toBe(200);
    expect(await chunkCount()).toBe(0);
  });
});

postgresOnly('npm run attachments:move', () => {
  let cast: DemoCast;
  let ticketId: number;
  const contents = [bigPng(), PDF_BYTES, bigPng(CHUNK_BYTES)];
  let ids: number[];

  beforeAll(async () => {
    // A portal that has kept its files on disk so far.
    cast = await openDemoCast({ attachmentMaxBytes: MAX_BYTES });
    ticketId = (await cast.t.app.repos.tickets.listForCompany(cast.ids.acme))[0]!.ticket_id;
    ids = [];
    for (const [index, content] of contents.entries()) {
      const res = await upload(cast.t.app, cast.cookies.client, ticketId, [{ filename: `file-${index}.${index === 1 ? 'pdf' : 'png'}`, content }]);
      expect(res.statusCode).toBe(201);
      ids.push(res.json()[0].attachment_id);
    }
  });

  afterAll(async () => {
    await cast.t.close();
  });

  const ctx = () => ({ db: cast.t.app.db, repos: cast.t.app.repos, config: cast.t.app.config });
  const storedIn = async () => (await cast.t.app.db.selectFrom('attachments').select(['attachment_id', 'stored_in']).where('attachment_id', 'in', ids)
    .orderBy('attachment_id').execute()).map((row) => row.stored_in);
  const chunkCount = async () => Number((await cast.t.app.db.selectFrom('attachment_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** Every attachment downloads as it was uploaded, wherever its bytes are now. */
  const expectAllDownload = async () => {
    for (const [index, id] of ids.entries()) {
      const res = await download(cast.t.app, cast.cookies.agent, id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(contents[index]!)).toBe(true);
    }
  };
  /** A run stopped (as by Ctrl-C) once `after` attachments are through. */
  const interruptedAfter = (after: number) => {
    const stop = new AbortController();
    const steps: MoveStep[] = [];
    return { signal: stop.signal, steps, onStep: (step: MoveStep) => {
      steps.push(step);
      if (step.done === after) stop.abort();
    } };
  };

  test('to the database: interrupted after one file, the portal serves both kinds meanwhile; the re-run moves the rest and the leftover', async () => {
    const uploadsDir = cast.t.app.config.uploadsDir;
    const first = interruptedAfter(1);
    const partial = await moveAttachments(ctx(), 'database', first);
    expect(partial).toMatchObject({ moved: 1, interrupted: true, missing: [] });
    expect(first.steps.map((step) => [step.outcome, step.attachment.attachment_id, step.done, step.total])).toEqual([['moved', ids[0], 1, 3]]);
    expect(await storedIn()).toEqual(['database', 'files', 'files']);
    expect(filesIn(uploadsDir)).toHaveLength(2);
    await expectAllDownload();

    // As if the first run had died after its commit but before removing the file.
    const movedName = (await cast.t.app.repos.attachments.findById(ids[0]!))!.stored_name;
    writeFileSync(path.join(uploadsDir, movedName), contents[0]!);

    const steps: MoveStep[] = [];
    const rest = await moveAttachments(ctx(), 'database', { onStep: (step) => steps.push(step) });
    expect(rest).toMatchObject({ moved: 2, interrupted: false, missing: [], leftoversRemoved: 1 });
    expect(steps.map((step) => step.attachment.attachment_id)).toEqual([ids[1], ids[2]]);
    expect(await storedIn()).toEqual(['database', 'database', 'database']);
    expect(filesIn(uploadsDir)).toEqual([]);
    expect(await chunkCount()).toBe(3 + 1 + 1);
    await expectAllDownload();

    // Nothing left to do: a third run moves nothing.
    expect(await moveAttachments(ctx(), 'database')).toMatchObject({ moved: 0, leftoversRemoved: 0 });
  });

  test('back to files: interrupted after two, then finished; every file is on disk again and no chunk is left', async () => {
    const uploadsDir = cast.t.app.config.uploadsDir;
    const partial = await moveAttachments(ctx(), 'files', interruptedAfter(2));
    expect(partial).toMatchObject({ moved: 2, interrupted: true });
    expect(await storedIn()).toEqual(['files', 'files', 'database']);
    await expectAllDownload();

    const rest = await moveAttachments(ctx(), 'files');
    expect(rest).toMatchObject({ moved: 1, interrupted: false, missing: [] });
    expect(await storedIn()).toEqual(['files', 'files', 'files']);
    expect(await chunkCount()).toBe(0);
    expect(filesIn(uploadsDir)).toHaveLength(3);
    await expectAllDownload();
  });

  test('an attachment whose file is gone is reported as missing and left as it is', async () => {
    const row = (await cast.t.app.repos.attachments.findById(ids[1]!))!;
    rmSync(path.join(cast.t.app.config.uploadsDir, row.stored_name));
    const summary = await moveAttachments(ctx(), 'database');
    expect(summary).toMatchObject({ moved: 2, missing: [ids[1]] });
    expect(await storedIn()).toEqual(['database', 'files', 'database']);
  });
});
