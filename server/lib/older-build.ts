import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type BuildResult } from './build-app.js';
import { repoRoot } from './paths.js';

// Version skew (docs/deploying-a-remote.md#version-skew-what-a-remote-may-lag-behind): a remote built with today's toolchain and its own
// sources, but against an older @portal/contract (and only that), as a team that has not caught up
// would ship it. The old contract is read from git history into a temp folder; the build resolves
// `@portal/contract` (and its subpath exports) there and declares that copy's version.

const CONTRACT_PATH = 'shared/contract';

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Fails with what to do when the history needed is not there (a shallow clone). */
function requireHistory(cwd: string, what: string): void {
  let shallow: string;
  try {
    shallow = git(['rev-parse', '--is-shallow-repository'], cwd);
  } catch {
    throw new Error(`${what} needs the repository's git history, and ${cwd} is not a git work tree: build from a clone.`);
  }
  if (shallow === 'true') {
    throw new Error(`${what} needs the repository's history, and this clone is shallow: run \`git fetch --unshallow\` (or clone without --depth) first.`);
  }
}

/**
 * The commit whose @portal/contract a remote lags by one change: of the commits that changed
 * shared/contract, the newest but one (the newest is what the current tree has). A given revision
 * (a hash, a tag, `HEAD~3`) is checked and answered as a full hash.
 */
export function contractRevision(revision: string = 'previous', cwd: string = repoRoot): string {
  requireHistory(cwd, `Building against an older ${CONTRACT_PATH}`);
  if (revision !== 'previous') {
    try {
      return git(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], cwd);
    } catch {
      throw new Error(`"${revision}" is no commit of this repository (git rev-parse): give a commit, a tag or "previous".`);
    }
  }
  const changes = git(['log', '-n', '2', '--format=%H', '--', CONTRACT_PATH], cwd).split('\n').filter(Boolean);
  if (changes.length < 2) throw new Error(`${CONTRACT_PATH} has no earlier version in this repository's history to build against.`);
  return changes[1]!;
}

/** Writes shared/contract as of `revision` into a new temp folder and answers the package's folder in it. */
export function extractContract(revision: string, cwd: string = repoRoot): { dir: string; remove: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), `portal-contract-${revision.slice(0, 7)}-`));
  const remove = () => rmSync(root, { recursive: true, force: true });
  const archive = spawnSync('git', ['archive', '--format=tar', revision, CONTRACT_PATH], { cwd, maxBuffer: 64 * 1024 * 1024 });
  const unpack = archive.status === 0 ? spawnSync('tar', ['-x', '-C', root], { input: archive.stdout }) : undefined;
  const dir = path.join(root, CONTRACT_PATH);
  if (archive.status !== 0 || unpack?.status !== 0 || !existsSync(path.join(dir, 'package.json'))) {
    remove();
    const why = archive.status !== 0 ? archive.stderr.toString().trim() : (unpack?.stderr.toString().trim() || `no ${CONTRACT_PATH}/package.json at ${revision}`);
    throw new Error(`Cannot read ${CONTRACT_PATH} as of ${revision}: ${why}`);
  }
  return { dir, remove };
}

/** Where the older contract comes from: a git revision ('previous' by default) or a folder holding the package. */
export type OlderContract = { revision: string } | { dir: string };

/**
 * A build function for deployRemote: the remote as usual, but against the older contract. Answers
 * the build, a note of what it was built against (kept in build-info.json) and a cleanup.
 */
export function olderContractBuild(source: OlderContract, cwd: string = repoRoot): {
  build: (options: BuildOptions) => Promise<BuildResult>;
  against: string;
  remove: () => void;
} {
  if ('dir' in source) {
    const dir = path.resolve(source.dir);
    if (!existsSync(path.join(dir, 'package.json'))) throw new Error(`${dir} holds no package.json: give the folder of a @portal/contract package.`);
    return { build: (options) => buildApp({ ...options, portalPackageDirs: { contract: dir } }), against: `@portal/contract from ${dir}`, remove: () => undefined };
  }
  const revision = contractRevision(source.revision, cwd);
  const extracted = extractContract(revision, cwd);
  return {
    build: (options) => buildApp({ ...options, portalPackageDirs: { contract: extracted.dir } }),
    against: `@portal/contract at ${revision.slice(0, 10)}`,
    remove: extracted.remove,
  };
}
