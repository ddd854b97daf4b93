// Fails when package-lock.json lacks a native binding for one of the supported platforms (darwin-arm64,
// darwin-x64, win32-x64, linux-x64, linux-arm64), naming the package and the platform, so that
// `npm ci` works on every one of them and not only on the machine that wrote the lockfile.
// Run by .ci/run right after `npm ci`; see docs/operations.md#platforms-and-node-versions.
//
//   npx tsx scripts/check-lockfile-platforms.ts          check
//   npx tsx scripts/check-lockfile-platforms.ts --fix    add the missing bindings, at the locked versions
//
// Why --fix needs a trick: `npm install --package-lock-only` repairs a missing dependency only on the
// packages it reaches from the root's own dependencies; it does not look through the workspaces, which
// is where @rspack/binding hangs (npm/cli#4828). So --fix lists each incomplete family at its locked
// version as a root devDependency for one `npm install --package-lock-only` (npm then fetches the
// family's other bindings), puts package.json back, and lets npm drop the temporary entry again. It only
// changes the lockfile, never node_modules, and no locked version moves.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  describeMissing,
  missingPlatformBindings,
  nativeFamilies,
  platformName,
  SUPPORTED_PLATFORMS,
  type Lockfile,
  type MissingBinding,
} from './lib/lockfile-platforms.js';

// Not lib/paths.ts: this check must run on a fresh install before any workspace package is usable.
const repoRoot = path.resolve(import.meta.dirname, '..');
const lockfilePath = path.join(repoRoot, 'package-lock.json');
const packageJsonPath = path.join(repoRoot, 'package.json');

const readLockfile = (): Lockfile => JSON.parse(readFileSync(lockfilePath, 'utf8')) as Lockfile;

function lockOnlyInstall(): void {
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
}

function fix(missing: MissingBinding[]): void {
  const original = readFileSync(packageJsonPath, 'utf8');
  const manifest = JSON.parse(original) as Record<string, Record<string, string> | undefined>;
  const rootDependencies = new Set(
    ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {})),
  );
  const temporary: Record<string, string> = {};
  for (const item of missing) {
    if (item.location !== `node_modules/${item.family}`) {
      console.error(`cannot fix ${item.family} at ${item.location} (not hoisted): add ${item.binding} to package-lock.json by hand`);
    } else if (!rootDependencies.has(item.family)) {
      temporary[item.family] = item.version;
    }
  }
  manifest.devDependencies = { ...manifest.devDependencies, ...temporary };
  console.log(`re-resolving ${Object.keys(temporary).join(', ') || 'the lockfile'} at the locked versions`);
  try {
    writeFileSync(packageJsonPath, `${JSON.stringify(manifest, null, 2)}\n`);
    lockOnlyInstall();
  } finally {
    writeFileSync(packageJsonPath, original);
  }
  lockOnlyInstall();
}

let missing = missingPlatformBindings(readLockfile());
if (missing.length > 0 && process.argv.includes('--fix')) {
  fix(missing);
  missing = missingPlatformBindings(readLockfile());
}
const platforms = SUPPORTED_PLATFORMS.map(platformName).join(', ');
if (missing.length > 0) {
  for (const item of missing) console.error(describeMissing(item));
  console.error(
    `package-lock.json lacks ${missing.length} native binding(s) for ${platforms}: npm ci would install none there. ` +
      'Run `npx tsx scripts/check-lockfile-platforms.ts --fix` and commit package-lock.json.',
  );
  process.exit(1);
}
console.log(`package-lock.json has ${platforms} bindings for every native package: ${nativeFamilies(readLockfile()).join(', ')}`);
