import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, attachmentTooLargeMessage } from '@portal/domain';
import { resolveConfig } from '../config';
import { createPortalApi } from '../create-portal-api';
import { isPostgresUrl } from '../db/connect';
import { HttpError } from '../errors';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CHUNK_BYTES, databaseStore } from './attachment-store';
import { checkedContent } from './attachment-uploads';
import { moveAttachments, parseMoveArgs } from './attachment-move';

// Where attachments are kept (docs/product/tickets.md#where-attachments-are-kept), the parts that need no
// PostgreSQL: the configuration, the chunking of the database store (its table exists on SQLite too), the streamed
// checks and the move's arguments. The two-store behaviour on PostgreSQL is in attachment-store.postgres.test.ts.

const drain = async (stream: AsyncIterable<Uint8Array>) => {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
};

test('ATTACHMENT_STORE is files by default; database needs PostgreSQL and anything else stops the start with its name', () => {
  expect(resolveConfig({}, {}).attachmentStore).toBe('files');
  expect(resolveConfig({}, { ATTACHMENT_STORE: 'database', DATABASE_URL: 'postgres://u@db/portal' }).attachmentStore).toBe('database');
  expect(() => resolveConfig({}, { ATTACHMENT_STORE: 'database' })).toThrow(
    'ATTACHMENT_STORE=database needs PostgreSQL (DATABASE_URL=postgres://…); on SQLite attachments stay in DATA_DIR/uploads',
  );
  expect(() => resolveConfig({ attachmentStore: 'database', databaseUrl: 'sqlite' }, {})).toThrow('ATTACHMENT_STORE=database needs PostgreSQL');
  expect(() => resolveConfig({}, { ATTACHMENT_STORE: 's3' })).toThrow('ATTACHMENT_STORE: expected "files" or "database", not "s3"');
});

test('a portal on SQLite refuses to start with ATTACHMENT_STORE=database', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-refused-'));
  try {
    await expect(createPortalApi({ databaseUrl: 'sqlite', dataDir, attachmentStore: 'database', seedDemo: false, runJobs: false }))
      .rejects.toThrow('ATTACHMENT_STORE=database needs PostgreSQL');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the move script takes --to database|files and says how to call it otherwise', () => {
  expect(parseMoveArgs(['--to', 'database'])).toEqual({ to: 'database' });
  expect(parseMoveArgs(['--to=files'])).toEqual({ to: 'files' });
  expect(() => parseMoveArgs([])).toThrow('Usage: npm run attachments:move -- --to database|files');
  expect(() => parseMoveArgs(['--to', 'disk'])).toThrow('Usage');
});

describe('streamed checks', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20_000, 7)]);
  // The bytes arrive in small pieces, as from a request: the check waits for the sample before passing any on.
  const pieces = (bytes: Buffer, size = 1000) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

  test('bytes that agree with the type pass through unchanged', async () => {
    expect((await drain(checkedContent('shot.png', pieces(png), 1024 * 1024))).equals(png)).toBe(true);
  });

  test('content that does not match the type is refused before any byte is passed on', async () => {
    const passed: Buffer[] = [];
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(20_000)]);
    await expect((async () => {
      for await (const piece of checkedContent('shot.png', pieces(exe), 1024 * 1024)) passed.push(piece);
    })()).rejects.toEqual(new HttpError(400, MESSAGES.attachmentContentMismatch));
    expect(passed).toEqual([]);
  });

  test('past the size limit the stream fails with the limit in the message', async () => {
    await expect(drain(checkedContent('shot.png', pieces(png), 10_000))).rejects.toEqual(new HttpError(413, attachmentTooLargeMessage(10_000)));
  });

  test('an empty file is refused as content that does not match', async () => {
    await expect(drain(checkedContent('notes.csv', [], 1000))).rejects.toEqual(new HttpError(400, MESSAGES.attachmentContentMismatch));
  });
});

describe('the database store on this database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const chunkSizes = (storedName: string) =>
    t.app.db.selectFrom('attachment_chunks').select('bytes').where('stored_name', '=', storedName).orderBy('seq').execute()
      .then((rows) => rows.map((row) => row.bytes.length));

  test('writes 256 KB chunks in order whatever the pieces it is given, and streams them back as they were', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 12_345);
    const store = databaseStore(t.app.repos.attachments);
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, CHUNK_BYTES + 77), bytes.subarray(CHUNK_BYTES + 77)];
    const { storedName, size } = await store.put(pieces, 'pdf');
    expect(size).toBe(bytes.length);
    expect(await chunkSizes(storedName)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 12_345]);
    const opened = await store.open(storedName);
    expect(opened?.size).toBe(bytes.length);
    expect((await drain(opened!.stream)).equals(bytes)).toBe(true);
    await store.remove(storedName);
    expect(await chunkSizes(storedName)).toEqual([]);
    expect(await store.open(storedName)).toBeNull();
  });

  test('a source that fails midway leaves no chunks', async () => {
    const store = databaseStore(t.app.repos.attachments);
    async function* failing() {
      yield randomBytes(CHUNK_BYTES + 10);
      throw new Error('connection reset');
    }
    await expect(store.put(failing(), 'pdf')).rejects.toThrow('connection reset');
    expect(await t.app.db.selectFrom('attachment_chunks').select('stored_name').execute()).toEqual([]);
  });

  const sqliteOnly = isPostgresUrl(process.env.DATABASE_URL) ? test.skip : test;
  sqliteOnly('moving attachments is refused on SQLite with the reason', async () => {
    await expect(moveAttachments({ db: t.app.db, repos: t.app.repos, config: t.app.config }, 'database')).rejects.toThrow(
      'Attachments can be kept in the database only on PostgreSQL',
    );
  });
});
