import { TYPE } from '@portal/domain';

// The load of database-outage.test.ts, over real HTTP: writers posting notes and tickets with unique texts, readers,
// and a load balancer's readiness check, each recording every answer with its timing. After a refusal a worker
// waits a moment instead of following Retry-After, so the first write after the database's return is seen at once.

export interface Answer {
  kind: 'write' | 'read' | 'ready';
  url: string;
  /** 0: no answer (a refused or reset connection, or none within `boundMs`). */
  status: number;
  retryAfter: string | null;
  body: string;
  startedAt: number;
  endedAt: number;
}

export interface AcknowledgedWrite {
  what: 'note' | 'ticket';
  text: string;
  id: number;
  at: number;
}

export interface OutageLoad {
  answers: Answer[];
  acknowledged: AcknowledgedWrite[];
  /** Ends the workers after the request each has in hand. */
  stop(): Promise<void>;
}

export interface OutageLoadOptions {
  baseUrl: string;
  cookie: string;
  ticketId: number;
  companyId: number;
  writers: number;
  readers: number;
  /** An answer not arrived by then counts as none (status 0). */
  boundMs: number;
}

const PAUSE_MS = 50;
const READY_EVERY_MS = 100;
/**
 * One write in TICKET_EVERY is a ticket (with its mail to the admins), the others notes, up to MAX_TICKETS tickets: the
 * mail they queue is sent in a time that does not grow with the machine's speed.
 */
const TICKET_EVERY = 4;
const MAX_TICKETS = 24;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newTicketBody(companyId: number, title: string) {
  return { type_id: TYPE.question, title, description: 'Outage load', priority_id: 3, company_id: companyId, estimate_required: 0 };
}

export function startOutageLoad(options: OutageLoadOptions): OutageLoad {
  const { baseUrl, cookie, ticketId, companyId, boundMs } = options;
  const answers: Answer[] = [];
  const acknowledged: AcknowledgedWrite[] = [];
  let loading = true;
  let sequence = 0;
  let tickets = 0;

  const send = async (kind: Answer['kind'], method: 'GET' | 'POST', url: string, body?: object): Promise<Answer> => {
    const answer: Answer = { kind, url, status: 0, retryAfter: null, body: '', startedAt: Date.now(), endedAt: 0 };
    try {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        // A load balancer's readiness check carries no session.
        headers: { ...(kind === 'ready' ? {} : { cookie }), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(boundMs),
      });
      answer.status = res.status;
      answer.retryAfter = res.headers.get('retry-after');
      answer.body = await res.text();
    } catch (error) {
      answer.body = String(error);
    }
    answer.endedAt = Date.now();
    answers.push(answer);
    return answer;
  };

  const writer = async () => {
    while (loading) {
      const n = sequence++;
      const what = n % TICKET_EVERY === 0 && tickets < MAX_TICKETS ? 'ticket' : 'note';
      if (what === 'ticket') tickets += 1;
      const text = `outage write ${n}`;
      const answer = what === 'note'
        ? await send('write', 'POST', '/api/activity', { ticket_id: ticketId, note: text })
        : await send('write', 'POST', '/api/ticket', newTicketBody(companyId, text));
      if (answer.status >= 200 && answer.status < 300) {
        const parsed = JSON.parse(answer.body) as { activity_id?: number; ticket_id?: number };
        acknowledged.push({ what, text, id: (what === 'note' ? parsed.activity_id : parsed.ticket_id)!, at: answer.endedAt });
      } else {
        await sleep(PAUSE_MS);
      }
    }
  };
  const readUrls = [`/api/ticket/${ticketId}/activity`, `/api/ticket/${ticketId}`, '/api/company'];
  const reader = async (url: string) => {
    while (loading) {
      await send('read', 'GET', url);
      await sleep(PAUSE_MS);
    }
  };
  const readiness = async () => {
    while (loading) {
      await send('ready', 'GET', '/api/ready');
      await sleep(READY_EVERY_MS);
    }
  };

  const running = Promise.all([
    ...Array.from({ length: options.writers }, writer),
    ...Array.from({ length: options.readers }, (_, i) => reader(readUrls[i % readUrls.length]!)),
    readiness(),
  ]);
  return {
    answers,
    acknowledged,
    async stop() {
      loading = false;
      await running;
    },
  };
}
