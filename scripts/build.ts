import path from 'node:path';
import { buildApp } from './lib/build-app.js';
import { appDir, REMOTE_APPS, type RemoteApp } from './lib/paths.js';

// Production build of every app into its own dist/ (the deployable artefacts; `npm start` deploys
// remotes into versioned folders itself). One at a time, so each time printed is that app's own.
async function main(): Promise<void> {
  const apps: (RemoteApp | 'shell')[] = ['shell', ...(Object.keys(REMOTE_APPS) as RemoteApp[])];
  const started = performance.now();
  for (const app of apps) {
    const dir = appDir(app);
    const result = await buildApp({ appPath: dir, outputPath: path.join(dir, 'dist') });
    const where = path.relative(process.cwd(), path.join(dir, 'dist'));
    console.log(`${app.padEnd(12)} ${String(result.ms).padStart(6)} ms (compile ${result.compileMs} ms, then .br/.gz)  -> ${where}`);
    for (const warning of result.warnings) console.warn(`  warning: ${warning}`);
  }
  console.log(`${'total'.padEnd(12)} ${String(Math.round(performance.now() - started)).padStart(6)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
