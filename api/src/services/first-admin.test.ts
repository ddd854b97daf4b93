import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GROUP_ADMIN, MESSAGES } from '@portal/domain';
import { isPostgresUrl } from '../db/connect';
import { serviceContext } from './service-context';
import { createTestApp, recordingTransport } from '../test-support/test-app';
import { createAdmin } from './first-admin';

const run = promisify(execFile);

test('createAdmin: group 1, no usable password, a set-password mail in the outbox; an admin again gets a new mail', async () => {
  const mailbox = recordingTransport();
  const t = await createTestApp({ publicUrl: 'https://portal.example', mailTransport: mailbox.transport });
  try {
    const { contactId, created } = await createAdmin(serviceContext(t.app), { email: ' Ada@Example.TEST ', firstName: 'Ada', lastName: 'Admin' });
    expect(created).toBe(true);
    expect(await t.app.repos.contacts.findById(contactId)).toMatchObject({ email: 'ada@example.test', group_id: GROUP_ADMIN, active: 1 });
    await expect(t.login('ada@example.test', 'portal-demo')).rejects.toThrow();
    await t.app.jobs.drain();
    expect(mailbox.sent).toEqual([expect.objectContaining({ to: 'ada@example.test', subject: 'Set your support portal password' })]);
    expect(mailbox.sent[0]!.text).toMatch(/https:\/\/portal\.example\/resetpassword\/[\w-]{40,}/);

    expect(await createAdmin(serviceContext(t.app), { email: 'ada@example.test', firstName: 'Ada', lastName: 'Admin' })).toEqual({ contactId, created: false });
    await expect(createAdmin(serviceContext(t.app), { email: 'client@demo.test', firstName: 'C', lastName: 'C' })).rejects.toMatchObject({ statusCode: 409, message: MESSAGES.emailAlreadyUsed });
    await expect(createAdmin(serviceContext(t.app), { email: 'not-an-email', firstName: 'C', lastName: 'C' })).rejects.toMatchObject({ statusCode: 400 });
  } finally {
    await t.close();
  }
});

test('ADMIN_EMAIL creates the first admin on an empty production database only', async () => {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const empty = await createTestApp({ adminEmail: 'First@Example.test' });
    try {
      const admin = await empty.app.repos.contacts.findByEmail('first@example.test');
      expect(admin).toMatchObject({ group_id: GROUP_ADMIN, first_name: 'first', last_name: 'Admin' });
      expect(await empty.app.repos.mailOutbox.list('pending')).toEqual([expect.objectContaining({ to_address: 'first@example.test', subject: 'Set your support portal password' })]);
      // Not in production: the on-demand job route does not exist.
      expect((await empty.app.inject({ method: 'POST', url: '/api/jobs/digests/run', payload: {} })).statusCode).toBe(404);
    } finally {
      await empty.close();
    }
  } finally {
    process.env.NODE_ENV = previous;
  }
  // Outside production (here with the demo seed) ADMIN_EMAIL does nothing.
  const demo = await createTestApp({ adminEmail: 'second@example.test' });
  try {
    expect(await demo.app.repos.contacts.findByEmail('second@example.test')).toBeUndefined();
  } finally {
    await demo.close();
  }
});

const sqliteOnly = isPostgresUrl(process.env.DATABASE_URL) ? test.skip : test;

sqliteOnly('npm run create-admin makes the admin in DATA_DIR and queues the mail', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-create-admin-'));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', NODE_ENV: 'production' };
    const cli = path.join(__dirname, '../../../ops/create-admin.ts');
    const { stdout } = await run('npx', ['tsx', cli, '--email', 'ops@example.test', '--first', 'Ada', '--last', 'Ops'], { env });
    expect(stdout).toContain('Created admin ops@example.test');
    expect(stdout).toContain('SMTP_URL is not set');
    const again = await run('npx', ['tsx', cli, '--email', 'ops@example.test'], { env });
    expect(again.stdout).toContain('Found admin ops@example.test');
    await expect(run('npx', ['tsx', cli], { env })).rejects.toMatchObject({ code: 2 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
