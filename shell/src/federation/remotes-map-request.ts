// The remotes map is fetched by the entry chunk, before the bootstrap chunk and the shared modules
// it waits for arrive, so the remote that owns the page starts loading one round trip sooner.
// This module imports nothing: it stays in the entry chunk.
export const REMOTES_MAP_URL = '/remotes.json';

let early: Promise<Response> | undefined;

/** Starts fetching the remotes map now; `takeEarlyRemotesMap` hands the answer over once. */
export function requestRemotesMapEarly(): void {
  early = fetch(REMOTES_MAP_URL, { cache: 'no-store' });
  early.catch(() => undefined);
}

/** The early request's answer, the first time only; later reads of the map go to the network. */
export function takeEarlyRemotesMap(): Promise<Response> | undefined {
  const answer = early;
  early = undefined;
  return answer;
}
