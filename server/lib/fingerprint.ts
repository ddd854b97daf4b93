import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);

function listFiles(dir: string, files: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(full, files);
    } else if (entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name)) {
      files.push(full);
    }
  }
}

/**
 * A hash of everything that goes into an app's bundle: its own sources and config, every shared
 * package, the build config and the lockfile. Content, not mtimes, so a fresh clone and a `git pull` agree.
 */
export function sourceFingerprint(appPath: string): string {
  const files: string[] = [];
  for (const dir of [path.join(appPath, 'src'), path.join(appPath, 'public')]) listFiles(dir, files);
  for (const file of ['package.json', 'rspack.config.cjs']) files.push(path.join(appPath, file));
  const sharedRoot = path.join(repoRoot, 'shared');
  for (const pkg of readdirSync(sharedRoot)) {
    const pkgDir = path.join(sharedRoot, pkg);
    if (!statSync(pkgDir).isDirectory()) continue;
    listFiles(path.join(pkgDir, 'src'), files);
    files.push(path.join(pkgDir, 'package.json'));
  }
  listFiles(path.join(sharedRoot, 'build-config'), files);
  // Installed versions of React, Chakra, Rspack… change only with the lockfile.
  files.push(path.join(repoRoot, 'package-lock.json'));

  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    let content: Buffer;
    try {
      content = readFileSync(file);
    } catch {
      continue;
    }
    hash.update(path.relative(repoRoot, file)).update('\0').update(content).update('\0');
  }
  return hash.digest('hex');
}
