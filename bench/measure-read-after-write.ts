// Measures what docs/decisions/0017-read-your-writes-by-change-sequence.md guarantees, from outside, against a running
// portal (npm start: one API process per core): PAIRS ticket edits by the demo agent (PUT /api/ticket/:id answered
// 200), each followed at once by a GET of the same ticket by the same user, then of the company's ticket list. The
// requests go over two kept-alive connections, which the cluster hands to its processes in turn: each edit goes
// through one and the reads through the other, then through the first too (so each process holds answers to drop),
// the two swapping roles at every pair. Counted twice: as the browser does (naming the highest x-portal-seq seen) and
// as a caller that names none. Prints how many reads answered the state from before the acknowledged write.
// Usage: a portal running, then `npm run measure:read-after-write [-- url]` (PAIRS=200).
import http from 'node:http';

const base = new URL(process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`);
const pairs = Number(process.env.PAIRS ?? 200);

interface Answer {
  status: number;
  seq: string | undefined;
  body: string;
  cookie?: string;
}

/** Two connections, kept alive: the cluster gives each to one process (the first two to two, with two or more). */
const connections = [0, 1].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));

function send(method: string, path: string, headers: Record<string, string>, body?: unknown, agent: http.Agent = connections[0]!): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: base.hostname, port: base.port, path, method, agent,
      headers: {
        accept: 'application/json', origin: base.origin, ...headers,
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({
        status: response.statusCode ?? 0,
        seq: response.headers['x-portal-seq'] as string | undefined,
        body: text,
        cookie: response.headers['set-cookie']?.[0]?.split(';')[0],
      }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const login = await send('POST', '/api/auth/login', {}, { username: 'agent@demo.test', password: 'portal-demo' });
if (login.status !== 200 || !login.cookie) throw new Error(`sign-in failed: ${login.status}`);
const cookie = login.cookie;
const first = (JSON.parse((await send('GET', '/api/staff/tickets', { cookie })).body) as { ticket_id: number; company_id: number }[])[0];
if (!first) throw new Error('no ticket to edit');
const { ticket_id: ticketId, company_id: companyId } = first;

for (const naming of [true, false]) {
  let highest = 0;
  const headers = () => ({ cookie, ...(naming && highest > 0 ? { 'x-portal-seq': String(highest) } : {}) });
  const note = (answer: Answer) => {
    const seq = Number(answer.seq);
    if (Number.isSafeInteger(seq) && seq > highest) highest = seq;
  };
  let staleTicket = 0;
  let staleList = 0;
  const started = performance.now();
  for (let i = 0; i < pairs; i += 1) {
    const [writer, reader] = i % 2 === 0 ? connections : [connections[1]!, connections[0]!];
    const title = `Read after write ${naming ? 'named' : 'unnamed'} ${Date.now()} ${i}`;
    const written = await send('PUT', `/api/ticket/${ticketId}`, headers(), { title }, writer);
    if (written.status !== 200) throw new Error(`edit answered ${written.status}: ${written.body}`);
    note(written);
    for (const agent of [reader!, writer!]) {
      const ticket = await send('GET', `/api/ticket/${ticketId}`, headers(), undefined, agent);
      note(ticket);
      if (!ticket.body.includes(title)) staleTicket += 1;
      const tickets = await send('GET', `/api/company/${companyId}/tickets`, headers(), undefined, agent);
      note(tickets);
      if (!tickets.body.includes(title)) staleList += 1;
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${naming ? 'naming the highest number seen' : 'naming no number'}: ticket ${staleTicket} of ${pairs * 2} reads stale, company list ${staleList} of ${pairs * 2} stale (${seconds} s)`);
}
for (const agent of connections) agent.destroy();
