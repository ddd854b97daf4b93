import { eventEndpoints } from '@portal/contract/endpoints';
import { setupServer } from 'msw/node';

/** One request as the front end sent it: the path under the origin (with its query) and the parsed JSON body. */
export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

/** The MSW server of the test file; the kit's jest setup starts it, resets it after each test and stops it. */
export const server = setupServer();

let recorded: RecordedRequest[] = [];

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// Every request is recorded, whichever handler (the mock API or a test's override) answers it.
// The entry is pushed at once, in call order; its JSON body is read from a clone just after.
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: RecordedRequest = { method: request.method, url: `${url.pathname}${url.search}`, body: undefined };
  recorded.push(entry);
  const type = request.headers.get('content-type') ?? '';
  if (request.body && type.includes('json')) {
    void request.clone().text().then((text) => {
      entry.body = parseBody(text);
    });
  }
});

/** Every request of the current test, oldest first. */
export const recordedRequests = (): RecordedRequest[] => [...recorded];

// The live stream's watch list and safety-net check are POSTs that only ask; a tab sends them on its own clock.
const askingPosts = new Set([eventEndpoints.liveWatch.path, eventEndpoints.liveCheck.path].map((path) => `/api${path}`));

/** The writes (anything but GET, and not the live stream's questions) of the current test, oldest first. */
export const recordedWrites = (): RecordedRequest[] => recorded.filter((r) => r.method !== 'GET' && !askingPosts.has(r.url));

export function clearRecordedRequests(): void {
  recorded = [];
}
