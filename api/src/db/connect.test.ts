import Database from 'better-sqlite3';
import { keepPreparedStatements } from './connect';

// SQLite statements are prepared once per SQL text and run again (connect.ts keepPreparedStatements).

test('the same SQL gets the same statement; one busy iterating gets a fresh one; answers stay right', () => {
  const sqlite = new Database(':memory:');
  keepPreparedStatements(sqlite);
  sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
  const first = sqlite.prepare('select n from t order by n');
  expect(sqlite.prepare('select n from t order by n')).toBe(first);
  expect(sqlite.prepare('select n from t where n > ?').all(1)).toEqual([{ n: 2 }, { n: 3 }]);
  expect(sqlite.prepare('select n from t where n > ?').all(2)).toEqual([{ n: 3 }]);

  const iterating = first.iterate();
  iterating.next();
  const during = sqlite.prepare('select n from t order by n');
  expect(during).not.toBe(first);
  expect(during.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  iterating.return?.();
  sqlite.close();
});

test('only the most recent thousand are kept', () => {
  const sqlite = new Database(':memory:');
  keepPreparedStatements(sqlite);
  const oldest = sqlite.prepare('select 0');
  for (let n = 1; n <= 1000; n += 1) sqlite.prepare(`select ${n}`);
  expect(sqlite.prepare('select 1000')).toBe(sqlite.prepare('select 1000'));
  expect(sqlite.prepare('select 0')).not.toBe(oldest);
  sqlite.close();
});
