import type { ReleaseHost } from '@portal/api';
import { appendDeployRecord, goLive, type DeployRecord } from './deploy.js';
import { isRemoteApp, type RuntimeLayout } from './paths.js';
import { readRemotesMap } from './remotes-map.js';

// What the API's canary judge acts through (docs/deploying-a-remote.md#canary-releases): the live remotes map file and
// the deploy log file beside it, as deploy-remote writes them. The API declares the host (its ReleaseHost); the server,
// which knows the layout, gives it one when it serves the front end.

/** The host as the API declares it (api/src/services/release-host.ts). */
export type ReleaseHostOverLayout = ReleaseHost;

function remoteNamed(remote: string) {
  if (!isRemoteApp(remote)) throw new Error(`"${remote}" is not a remote of this portal`);
  return remote;
}

export function layoutReleaseHost(layout: RuntimeLayout): ReleaseHostOverLayout {
  return {
    liveMap: async () => readRemotesMap(layout.remotesMapPath),
    async makeLive(remote, { entry, version }, record) {
      const name = remoteNamed(remote);
      // Each process judging at once may get here: the first repoints, the others find it live and write nothing.
      if (readRemotesMap(layout.remotesMapPath)[name]?.entry === entry) return;
      await goLive(name, { entry, version }, record.action, layout, { by: record.by, reason: record.reason });
    },
    logToFile(line) {
      const record: DeployRecord = { ...line, remote: remoteNamed(line.remote) };
      appendDeployRecord(layout, record);
    },
  };
}
