import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { readTar, tarStream, TarFormatError, type TarHeader } from './tar.js';

// The backups' tar (lib/tar.ts, over tar-stream): what it writes, it and GNU tar read back (long paths
// through pax); a body that does not match its size, a damaged header and a truncated archive stop it.

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

async function entriesOf(archive: Buffer): Promise<Array<TarHeader & { text: string }>> {
  const entries: Array<TarHeader & { text: string }> = [];
  await readTar([archive], (header) => {
    const parts: Buffer[] = [];
    return { write: (chunk) => void parts.push(chunk), end: () => void entries.push({ ...header, text: Buffer.concat(parts).toString('utf8') }) };
  });
  return entries;
}

const LONG = `deploy/tickets/${'v'.repeat(70)}/static/js/async/${'chunk-'.repeat(12)}ü.js`;

describe('the backup tar format', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-tar-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what it writes, a path over 100 bytes included, and GNU tar lists the same', async () => {
    const archive = await bytesOf(tarStream([
      { path: LONG, size: 5, body: [Buffer.from('he'), Buffer.from('llo')] },
      { path: 'uploads/empty.csv', size: 0, body: [] },
      { path: 'manifest.json', size: 2, body: [Buffer.from('{}')] },
    ]));
    assert.deepEqual((await entriesOf(archive)).map((entry) => [entry.type, entry.path, entry.text]), [
      ['file', LONG, 'hello'], ['file', 'uploads/empty.csv', ''], ['file', 'manifest.json', '{}'],
    ]);
    const file = path.join(dir, 'archive.tar');
    writeFileSync(file, archive);
    assert.deepEqual(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n'), [LONG, 'uploads/empty.csv', 'manifest.json']);
  });

  it('stops on a body shorter than its size, a damaged header and a truncated archive', async () => {
    await assert.rejects(bytesOf(tarStream([{ path: 'uploads/a.csv', size: 10, body: [Buffer.from('short')] }])), /changed while it was read/);
    await assert.rejects(bytesOf(tarStream([{ path: 'uploads/a.csv', size: 2, body: [Buffer.from('longer')] }])), /grew while it was read/);
    const archive = await bytesOf(tarStream([{ path: 'uploads/a.csv', size: 3, body: [Buffer.from('abc')] }]));
    const damaged = Buffer.from(archive);
    damaged[10] = 'X'.charCodeAt(0);
    await assert.rejects(entriesOf(damaged), (error: unknown) => error instanceof TarFormatError && /checksum/.test(error.message));
    await assert.rejects(entriesOf(archive.subarray(0, 600)), (error: unknown) => error instanceof TarFormatError && /truncated/.test(error.message));
  });
});
