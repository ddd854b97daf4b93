import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type BuildResult } from './build-app.js';
import { readBuildInfo } from './deploy.js';
import { sourceFingerprint } from './fingerprint.js';
import { appDir } from './paths.js';

export function shellBuildNeed(shellDist: string): string | undefined {
  if (!existsSync(path.join(shellDist, 'index.html'))) return 'not built';
  if (readBuildInfo(shellDist)?.fingerprint !== sourceFingerprint(appDir('shell'))) return 'its sources changed';
  return undefined;
}

export async function buildShell(shellDist: string, options: { precompress?: boolean } = {}): Promise<BuildResult> {
  const fingerprint = sourceFingerprint(appDir('shell'));
  rmSync(path.join(shellDist, 'build-info.json'), { force: true });
  const result = await buildApp({ appPath: appDir('shell'), outputPath: shellDist, precompress: options.precompress });
  const info = { version: 'shell', fingerprint, builtAt: new Date().toISOString() };
  writeFileSync(path.join(shellDist, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
  return result;
}
