import { authEndpoints, systemEndpoints } from '@portal/contract/endpoints';
import { createHttp } from './http';
import { changeSeqHeaders, highestChangeSeq, noteChangeSeq } from './change-seq';

// The tab names the highest change number it has seen with every request (docs/decisions/0017-read-your-writes-by-change-sequence.md).

const sent: (string | null)[] = [];
/** The API: a write answers at change 500, a read at 400 (a process that heard less). */
const api: typeof fetch = async (_url, init) => {
  sent.push(new Headers(init?.headers).get('x-portal-seq'));
  const seq = init?.method === 'GET' ? '1765000000000400' : '1765000000000500';
  const body = init?.method === 'GET' ? { status: 'ok' } : { ok: true };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-portal-seq': seq } });
};

test('a write’s number goes with the next read, and an older number never lowers it', async () => {
  const request = createHttp({ baseUrl: '/api', fetch: api });
  const before = highestChangeSeq();
  await request(authEndpoints.logout);
  expect(sent[0]).toBe(before > 0 ? String(before) : null);
  await request(systemEndpoints.health);
  expect(sent[1]).toBe('1765000000000500');
  await request(systemEndpoints.health);
  expect(sent[2]).toBe('1765000000000500');
});

test('a live event’s number is remembered; what is not a number is not', () => {
  noteChangeSeq(1765000000000900);
  noteChangeSeq('not a number');
  noteChangeSeq(-3);
  expect(changeSeqHeaders()).toEqual({ 'x-portal-seq': '1765000000000900' });
});
