import type { ReleaseReportKind } from '@portal/domain';

// What the shell serves of each remote, and what it noted of them before the reporter arrived (features/release-reports,
// loaded when idle: docs/deploying-a-remote.md#canary-releases). This module is in the shell's first chunk, so it
// stays this small: no import but types.

/** One version of a remote this page has registered: its map version and the folder its files are under. */
export interface ServedVersion {
  remote: string;
  version: string;
  /** The path of the folder of its manifest, `/remotes/tickets/20261207-112308-cf3b5a8/`: its files' URLs start so. */
  folder: string;
}

/** One report of a remote's version, before it is counted. */
export interface ReleaseNote {
  remote: string;
  version: string;
  kind: ReleaseReportKind;
}

const current = new Map<string, ServedVersion>();
/** Every version this page registered, the current ones and those it ran before a change (their code may still run). */
const everServed: ServedVersion[] = [];
const waiting: ReleaseNote[] = [];
const WAITING_MAX = 200;
let listener: ((note: ReleaseNote) => void) | undefined;
let onNavigation: () => void = () => undefined;

function folderOf(entry: string): string {
  try {
    return new URL(entry, window.location.href).pathname.replace(/[^/]*$/, '');
  } catch {
    return '';
  }
}

/** The remotes map the shell has registered (federation/remotes.ts), name to entry and version. */
export function serveVersions(map: Record<string, { entry: string; version: string }>): void {
  for (const [remote, { entry, version }] of Object.entries(map)) {
    const served = { remote, version, folder: folderOf(entry) };
    current.set(remote, served);
    if (!everServed.some((known) => known.remote === remote && known.version === version)) everServed.push(served);
  }
}

/** The version of `remote` a page rendered now is of. */
export const servedVersion = (remote: string): string | undefined => current.get(remote)?.version;

/** The versions this page has run. */
export const servedVersions = (): readonly ServedVersion[] => everServed;

/** What runs on each navigation (federation/remotes.ts: read the map again). */
export function whenNavigating(run: () => void): void {
  onNavigation = run;
}

export function navigated(): void {
  onNavigation();
}

/** Notes one thing met by a page of `remote` at `version`; kept (at most 200) until the reporter listens. */
export function noteRelease(remote: string, version: string | undefined, kind: ReleaseReportKind): void {
  if (!version) return;
  const note = { remote, version, kind };
  if (listener) listener(note);
  else if (waiting.length < WAITING_MAX) waiting.push(note);
}

/** The notes kept so far, taken (the page goes away before the reporter arrived). */
export const takeWaitingNotes = (): ReleaseNote[] => waiting.splice(0);

/** The reporter takes the notes kept so far and every later one. */
export function listenToReleaseNotes(listen: ((note: ReleaseNote) => void) | undefined): void {
  listener = listen;
  if (listen) for (const note of waiting.splice(0)) listen(note);
}
