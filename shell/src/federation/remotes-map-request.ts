// The remotes map is read by the entry chunk, before the bootstrap chunk and the shared modules
// it waits for arrive. The server embeds it in index.html (`<script type="application/json"
// id="portal-remotes">`, a data block the script policy does not govern, see
// server/lib/page-hints.ts); without it (the dev servers) the entry chunk fetches /remotes.json at once.
// This module imports nothing: it stays in the entry chunk.
export const REMOTES_MAP_URL = '/remotes.json';
// The contract's REMOTES_MAP_BLOCK_ID, written out so that this chunk imports nothing (remotes-map-request.test.ts ties them).
export const REMOTES_MAP_BLOCK_ID = 'portal-remotes';

let early: Promise<unknown> | undefined;

/** Answers the map's JSON: the page's data block, or else /remotes.json, uncached. */
export async function fetchRemotesMapJson(): Promise<unknown> {
  const response = await fetch(REMOTES_MAP_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REMOTES_MAP_URL} answered ${response.status}`);
  return response.json();
}

function embeddedRemotesMap(): unknown {
  const block = document.getElementById(REMOTES_MAP_BLOCK_ID);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent);
  } catch {
    return undefined;
  }
}

/** Reads the embedded map or starts fetching it now; `takeEarlyRemotesMap` hands the answer over once. */
export function requestRemotesMapEarly(): void {
  const embedded = embeddedRemotesMap();
  early = embedded === undefined ? fetchRemotesMapJson() : Promise.resolve(embedded);
  early.catch(() => undefined);
}

/** The early answer, the first time only; later reads of the map go to the network. */
export function takeEarlyRemotesMap(): Promise<unknown> | undefined {
  const answer = early;
  early = undefined;
  return answer;
}
