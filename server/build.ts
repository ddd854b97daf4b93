import path from 'node:path';
import { buildApp } from './lib/build-app.js';
import { appDir, REMOTE_NAMES, runtimeLayout, type RemoteApp } from './lib/paths.js';
import { precompressDir } from './lib/precompress.mjs';
import { buildShell } from './lib/shell-build.js';

// Production build of every app into its own dist/. One at a time, so each time printed is that
// app's own; the .br/.gz files are written for all of them afterwards. The shell's dist is the one
// `npm start` serves (it records a fingerprint so start does not rebuild it).
async function main(): Promise<void> {
  const apps: (RemoteApp | 'shell')[] = ['shell', ...REMOTE_NAMES];
  const started = performance.now();
  const dists: string[] = [];
  for (const app of apps) {
    const dist = path.join(appDir(app), 'dist');
    const result =
      app === 'shell'
        ? await buildShell(runtimeLayout().shellDist, { precompress: false })
        : await buildApp({ appPath: appDir(app), outputPath: dist, precompress: false });
    dists.push(dist);
    console.log(`${app.padEnd(12)} ${String(result.ms).padStart(6)} ms  -> ${path.relative(process.cwd(), dist)}`);
    for (const warning of result.warnings) console.warn(`  warning: ${warning}`);
  }
  const compiled = performance.now();
  console.log(`${'all apps'.padEnd(12)} ${String(Math.round(compiled - started)).padStart(6)} ms`);
  await Promise.all(dists.map((dist) => precompressDir(dist)));
  console.log(`${'.br/.gz'.padEnd(12)} ${String(Math.round(performance.now() - compiled)).padStart(6)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
