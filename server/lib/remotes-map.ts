import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteMapEntry, RemotesMap } from '@portal/contract';
import { remoteMapEntry, remotesMap } from '@portal/contract/remotes-schemas';

export type { RemoteMapEntry } from '@portal/contract';
export type RemotesMapFile = RemotesMap;

/** The deployed remotes map, checked with the contract's schema (the shell reads the same file). */
export function readRemotesMap(mapPath: string): RemotesMapFile {
  try {
    return remotesMap.parse(JSON.parse(readFileSync(mapPath, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 15_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Two deploys of different remotes may finish together: the read-modify-write of the map is serialized.
async function withMapLock<T>(mapPath: string, action: () => T): Promise<T> {
  const lockPath = `${mapPath}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lockPath, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockPath).mtimeMs > LOCK_STALE_MS) rmSync(lockPath, { force: true });
      } catch {
        // The holder released it meanwhile.
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockPath}`, { cause: error });
      await sleep(50);
    }
  }
  try {
    return action();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

/** Repoints one remote; readers see the old map or the new one, never a partial file. */
export async function setRemoteEntry(mapPath: string, name: string, entry: RemoteMapEntry): Promise<RemotesMapFile> {
  const checked = remoteMapEntry.parse(entry);
  mkdirSync(path.dirname(mapPath), { recursive: true });
  return withMapLock(mapPath, () => {
    const map = remotesMap.parse({ ...readRemotesMap(mapPath), [name]: checked });
    const tempPath = `${mapPath}.${process.pid}.tmp`;
    writeFileSync(tempPath, `${JSON.stringify(map, null, 2)}\n`);
    renameSync(tempPath, mapPath);
    return map;
  });
}
