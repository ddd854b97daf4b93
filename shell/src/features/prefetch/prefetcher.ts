import { pageReadsOf, type PageReader, type PageReads } from '@portal/api-client';

type RemoteName = string;

// Reads a page ahead: the owning remote's `./routes` through the loader the navigation takes (so the click finds it
// loaded), then the reads the remote lists for the page (its `pageReads`), each primed for the page's own request.

export interface PrefetcherParts {
  remoteFor(path: string): RemoteName | null;
  /** Starts (or finds) the load of the remote's routes component: the shell's loadRemoteRoutes. */
  loadRoutes(remote: RemoteName): Promise<unknown> | unknown;
  /** The remote's `./routes` module, once its load is in. */
  loadModule(remote: RemoteName, exposed: string): Promise<Record<string, unknown>>;
  /** Reads one key ahead (prefetchRead: nothing while a fresh answer of it waits). */
  read(key: string): void;
}

function isPageReads(value: unknown): value is PageReads {
  return typeof value === 'object' && value !== null && Object.values(value).every((keys) => typeof keys === 'function');
}

/** A prefetch of `path`: its remote's code, and its reads for `reader` unless `withData` is false. Never throws. */
export function createPrefetcher(parts: PrefetcherParts) {
  const reads = new Map<RemoteName, Promise<PageReads | null>>();

  function pageReadsOfRemote(remote: RemoteName): Promise<PageReads | null> {
    let loading = reads.get(remote);
    if (!loading) {
      loading = (async () => {
        await parts.loadRoutes(remote);
        const module = await parts.loadModule(remote, './routes');
        return isPageReads(module.pageReads) ? module.pageReads : null;
      })();
      // A failed load is tried again at the next intent (the navigation reports it, not the prefetch).
      loading.catch(() => reads.delete(remote));
      reads.set(remote, loading);
    }
    return loading;
  }

  return async function prefetch(path: string, reader: PageReader, withData = true): Promise<void> {
    const remote = parts.remoteFor(path);
    if (!remote) return;
    try {
      const pageReads = await pageReadsOfRemote(remote);
      if (!pageReads || !withData) return;
      for (const key of pageReadsOf(pageReads, path, reader)) parts.read(key);
    } catch {
      // Nothing read ahead: the page reads for itself.
    }
  };
}
