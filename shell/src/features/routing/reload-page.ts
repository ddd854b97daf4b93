/** Loads the page again from the server (its own module, so tests can stand in for it). */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * Whether the page came with `<link rel="preload">`s of `remote`'s scripts (the server's hints for
 * the first page). Chromium answers a later request for a preloaded file that failed with that
 * failure, once per file, without going back to the network, so a Retry of such a remote must load
 * the page again rather than the remote.
 */
export function pagePreloadedScriptsOf(remote: string): boolean {
  // A remote's name is `[a-z][a-z0-9-]*` (@portal/contract's remoteName): safe inside the selector.
  return document.querySelector(`link[rel="preload"][as="script"][href^="/remotes/${remote}/"]`) !== null;
}
