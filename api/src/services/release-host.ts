import type { RemoteMapEntry, RemotesMap } from '@portal/contract/remotes';
import type { ReleaseLogRecord } from '../repositories/release-repository';

// What the canary judge needs of the server that serves the front end (docs/deploying-a-remote.md#canary-releases):
// the live remotes map (the file deploy.ts writes under its lock), a way to make a canary live through that same
// writer, and the deploy log file beside the map. The API declares it; the server implements it over its layout
// (server/lib/release-host.ts) and hands it over with `app.releases.useHost`. An API without a front end has none, and
// then nothing is judged.

/** One line of the deploy log, as the file and the `release_log` table keep it. */
export type ReleaseHostLogLine = ReleaseLogRecord;

export interface ReleaseHost {
  /** The live remotes map (no canary in it). */
  liveMap(): Promise<RemotesMap>;
  /**
   * Makes `entry` the live version of `remote` in the map file (under the deploy's lock) and writes that line, with
   * `record`, to the deploy log file. Nothing is written when the map already names `entry`: two processes promoting
   * the same canary at once write one line. The judge writes the `release_log` line itself.
   */
  makeLive(remote: string, entry: RemoteMapEntry, record: { by: string; action: 'auto-promote'; reason: string }): Promise<void>;
  /** Appends a line to the deploy log file (what a rollback reads): the judge's `auto-rollback`, which changes no map. */
  logToFile(line: ReleaseHostLogLine): void;
}
