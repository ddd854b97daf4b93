import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

test('node-postgres losing or never making its connection is the database being unavailable', () => {
  for (const message of [
    'Connection terminated unexpectedly',
    'timeout exceeded when trying to connect',
    'Connection terminated due to connection timeout',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ]) {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  }
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']) {
    expect(isDatabaseUnavailable(withCode(code, `connect ${code} 127.0.0.1:5432`))).toBe(true);
  }
});

test('PostgreSQL refusing work for now: connection exceptions, shutdowns, starting up, too many connections', () => {
  for (const code of ['08000', '08003', '08006', '08001', '08P01', '57P01', '57P02', '57P03', '53300']) {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  }
});

test('what the request or the code got wrong stays what it was', () => {
  for (const code of ['23505', '23503', '22P02', '42P01', '40001', '57014', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CORRUPT', 'SQLITE_ERROR', 'ERR_INVALID_ARG_TYPE']) {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  }
  expect(isDatabaseUnavailable(new Error('SQLITE_CORRUPT: database disk image is malformed'))).toBe(false);
  expect(isDatabaseUnavailable(new Error('Connection terminated'))).toBe(false);
  expect(isDatabaseUnavailable(undefined)).toBe(false);
  expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
});

test('SQLite: the write lock held too long, a full disk, disk I/O and a file that refuses writes', () => {
  for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE',
    'SQLITE_IOERR_FSYNC', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED']) {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  }
  expect(isDatabaseUnavailable(withCode('SQLITE_BUSYNESS'))).toBe(false);
});

test("better-sqlite3's own SQLITE_BUSY, from a second connection while another holds BEGIN IMMEDIATE", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-busy-'));
  const file = path.join(dir, 'busy.db');
  const first = new Database(file);
  const second = new Database(file, { timeout: 0 });
  try {
    first.exec('begin immediate');
    let thrown: unknown;
    try {
      second.exec('begin immediate');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(isDatabaseUnavailable(thrown)).toBe(true);
  } finally {
    first.close();
    second.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('looks through a cause and the attempts of an AggregateError', () => {
  expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('ECONNREFUSED') }))).toBe(true);
  expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
  expect(isDatabaseUnavailable(new AggregateError([new Error('bad input')], 'several'))).toBe(false);
});
