import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, STATUS, attachmentTooLargeMessage } from '@portal/domain';
import { EXE_BYTES, PDF_BYTES, PNG_BYTES, multipartBody, type UploadFile } from '../test-support/multipart';
import { createTestApp, type TestApp } from '../test-support/test-app';

const MAX_BYTES = 64 * 1024;
let t: TestApp;
let cookies: Record<'admin' | 'agent' | 'client' | 'client2' | 'dana', string>;
let ticketId: number;
let uploadsDir: string;

beforeAll(async () => {
  t = await createTestApp({ attachmentMaxBytes: MAX_BYTES });
  uploadsDir = t.app.config.uploadsDir;
  cookies = {
    admin: await t.login('admin@demo.test'),
    agent: await t.login('agent@demo.test'),
    client: await t.login('client@demo.test'),
    client2: await t.login('client2@demo.test'),
    dana: await t.login('dana@acme.test'),
  };
  const acme = await t.companyId('Acme, LLC');
  const now = t.app.config.clock().toISOString();
  ticketId = await t.app.repos.tickets.create({
    contact_id: null, company_id: acme, assignee_id: null, title: 'Files', description: 'x', type_id: 2, priority_id: 3,
    status_id: STATUS.backlog, date_created: now, date_updated: now, on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1,
  });
});
afterAll(async () => {
  await t.close();
});

const upload = (cookie: string, files: UploadFile[], id = ticketId) => {
  const { payload, headers } = multipartBody(files);
  return t.app.inject({ method: 'POST', url: `/api/ticket/${id}/attachments`, payload, headers: { ...headers, cookie } });
};
const storedFiles = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);
const rowCount = async () => (await t.app.db.selectFrom('attachments').select('attachment_id').execute()).length;

test('a client uploads two files in one request; they list with a download url and are stored under generated names', async () => {
  const res = await upload(cookies.client, [
    { filename: 'screenshot.png', content: PNG_BYTES, contentType: 'image/png' },
    { filename: 'brief.PDF', content: PDF_BYTES, contentType: 'text/html' },
  ]);
  expect(res.statusCode).toBe(201);
  const created = res.json();
  expect(created.map((a: { name: string; type: string }) => [a.name, a.type])).toEqual([['screenshot.png', 'image/png'], ['brief.PDF', 'application/pdf']]);
  expect(created[0].url).toBe(`/api/attachments/${created[0].attachment_id}/download`);
  const list = (await t.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachments`, headers: { cookie: cookies.agent } })).json();
  expect(list.map((a: { attachment_id: number }) => a.attachment_id)).toEqual(created.map((a: { attachment_id: number }) => a.attachment_id));
  const onDisk = storedFiles();
  expect(onDisk).toHaveLength(2);
  expect(onDisk.every((name) => /^[0-9a-f-]{36}\.(png|pdf)$/.test(name))).toBe(true);
});

test('download: authorized, attachment disposition with a safe name, the stored type, nosniff', async () => {
  const [created] = (await upload(cookies.agent, [{ filename: 'ré port;1.pdf', content: PDF_BYTES }])).json();
  const res = await t.app.inject({ method: 'GET', url: created.url, headers: { cookie: cookies.client } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="r_ port;1.pdf"; filename*=UTF-8''r%C3%A9%20port%3B1.pdf`);
  expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
  expect((await t.app.inject({ method: 'GET', url: created.url, headers: { cookie: cookies.client2 } })).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: created.url })).statusCode).toBe(401);
});

test('a renamed executable is refused and writes nothing', async () => {
  const [files, rows] = [storedFiles().length, await rowCount()];
  const res = await upload(cookies.agent, [{ filename: 'invoice.pdf', content: EXE_BYTES }]);
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe(MESSAGES.attachmentContentMismatch);
  const exe = await upload(cookies.agent, [{ filename: 'setup.exe', content: EXE_BYTES }]);
  expect(exe.json().error).toBe(MESSAGES.attachmentTypeNotAllowed);
  expect([storedFiles().length, await rowCount()]).toEqual([files, rows]);
});

test('one bad file refuses the whole upload: no row without a file, no file without a row', async () => {
  const [files, rows] = [storedFiles().length, await rowCount()];
  const res = await upload(cookies.agent, [{ filename: 'ok.png', content: PNG_BYTES }, { filename: 'bad.gif', content: 'not a gif' }]);
  expect(res.statusCode).toBe(400);
  expect([storedFiles().length, await rowCount()]).toEqual([files, rows]);
});

test('an oversized file answers 413 with the limit and writes nothing', async () => {
  const [files, rows] = [storedFiles().length, await rowCount()];
  const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_BYTES + 10, 7)]);
  const res = await upload(cookies.agent, [{ filename: 'huge.png', content: big }]);
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ statusCode: 413, error: attachmentTooLargeMessage(MAX_BYTES) });
  expect([storedFiles().length, await rowCount()]).toEqual([files, rows]);
});

test('a path-traversal name is stored safely inside the uploads folder', async () => {
  const res = await upload(cookies.agent, [{ filename: '../../../etc/evil.png', content: PNG_BYTES }, { filename: '..\\..\\win.png', content: PNG_BYTES }]);
  expect(res.statusCode).toBe(201);
  expect(res.json().map((a: { name: string }) => a.name)).toEqual(['evil.png', 'win.png']);
  const stored = await t.app.db.selectFrom('attachments').select('stored_name').where('name', 'in', ['evil.png', 'win.png']).execute();
  for (const { stored_name } of stored) {
    expect(path.dirname(path.join(uploadsDir, stored_name))).toBe(uploadsDir);
    expect(existsSync(path.join(uploadsDir, stored_name))).toBe(true);
  }
  expect(existsSync(path.join(uploadsDir, '..', '..', '..', 'etc', 'evil.png'))).toBe(false);
});

test('uploads and lists are authorized; unknown target types, missing files and other fields are refused', async () => {
  expect((await upload(cookies.client2, [{ filename: 'a.png', content: PNG_BYTES }])).statusCode).toBe(403);
  expect((await upload(cookies.agent, [{ filename: 'a.png', content: PNG_BYTES }], 999_999)).statusCode).toBe(404);
  expect((await upload(cookies.agent, [{ field: 'avatar', filename: 'a.png', content: PNG_BYTES }])).statusCode).toBe(400);
  const none = await t.app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/attachments`, payload: {}, headers: { cookie: cookies.agent } });
  expect(none.statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url: `/api/company/1/attachments`, headers: { cookie: cookies.agent } })).statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachments`, headers: { cookie: cookies.client2 } })).statusCode).toBe(403);
});

test('delete: staff or the uploader; the file goes with the row', async () => {
  const [mine] = (await upload(cookies.dana, [{ filename: 'dana.png', content: PNG_BYTES }])).json();
  const [theirs] = (await upload(cookies.agent, [{ filename: 'agent.png', content: PNG_BYTES }])).json();
  const del = (cookie: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/ticket/${ticketId}/attachments/${id}`, headers: { cookie } });
  expect((await del(cookies.client, mine.attachment_id)).statusCode).toBe(403);
  expect((await del(cookies.dana, theirs.attachment_id)).statusCode).toBe(403);
  const stored = (await t.app.repos.attachments.findById(mine.attachment_id))!.stored_name;
  expect((await del(cookies.dana, mine.attachment_id)).json()).toEqual({ deleted: 1 });
  expect(existsSync(path.join(uploadsDir, stored))).toBe(false);
  expect((await del(cookies.agent, theirs.attachment_id)).json()).toEqual({ deleted: 1 });
  expect((await del(cookies.agent, theirs.attachment_id)).statusCode).toBe(404);
});
