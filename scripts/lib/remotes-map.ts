import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface RemoteMapEntry {
  entry: string;
  version: string;
}

export type RemotesMapFile = Record<string, RemoteMapEntry>;

export function readRemotesMap(mapPath: string): RemotesMapFile {
  try {
    return JSON.parse(readFileSync(mapPath, 'utf8')) as RemotesMapFile;
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
  mkdirSync(path.dirname(mapPath), { recursive: true });
  return withMapLock(mapPath, () => {
    const map = { ...readRemotesMap(mapPath), [name]: entry };
    const tempPath = `${mapPath}.${process.pid}.tmp`;
    writeFileSync(tempPath, `${JSON.stringify(map, null, 2)}\n`);
    renameSync(tempPath, mapPath);
    return map;
  });
}
