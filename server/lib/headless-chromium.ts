// How the portal's code launches Chromium: the deploy gate's smoke load (smoke-load.ts) and the
// benchmarks' page measurements (bench/) open it with the same flags, so a measured page and a gated
// one load the same way.

/** Chromium flags for measuring: no background traffic that would blur the page's own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
