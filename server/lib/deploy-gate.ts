import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';

// The deploy gate (docs/deploying-a-remote.md#the-gate): before a remote goes live, its build is checked
// against the shell that is live, as built (its mf-manifest.json and facades.json), never against
// sources. At run time the shell's shared singletons are the ones every remote uses (the
// 'loaded-first' share strategy), so a remote may only go live when the shell provides every shared
// module it needs, in a version inside the remote's range, and every name it imports from the Chakra and
// router facades and from the shared @portal packages (which carry one version, 0.1.0, whatever changed:
// their export names are what tells two builds of them apart).
// Version ranges are matched by Module Federation's own `satisfy`, the matcher the runtime uses.

interface SharedEntry {
  name: string;
  version: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/** What the gate reads of one build: its federation manifest and its facades record. */
export interface BuildRecord {
  shared: SharedEntry[];
  /** The shell's: the names each facade provides. */
  provides?: Record<string, string[]>;
  /** A remote's: the facade names it imports. */
  imports?: Record<string, string[]>;
}

/** Reads a build's record from its folder, or from the URL of a build served elsewhere (ending in '/'). */
export async function readBuildRecord(location: string): Promise<BuildRecord> {
  const read = async (file: string): Promise<unknown> => {
    if (/^https?:\/\//.test(location)) {
      const res = await fetch(new URL(file, location));
      if (!res.ok) throw new Error(`${new URL(file, location).href} answered ${res.status}`);
      return res.json();
    }
    return JSON.parse(await readFile(path.join(location, file), 'utf8')) as unknown;
  };
  const manifest = (await read('mf-manifest.json')) as { shared?: SharedEntry[] };
  let facades: { provides?: Record<string, string[]>; imports?: Record<string, string[]> } = {};
  try {
    facades = (await read('facades.json')) as typeof facades;
  } catch {
    // A build from before the gate: the check below names what is missing.
  }
  return { shared: manifest.shared ?? [], provides: facades.provides, imports: facades.imports };
}

const REBUILD_SHELL = 'rebuild the shell from the same sources and restart the portal (`npm start` rebuilds it)';

/**
 * Every reason the live shell cannot serve this remote build, each naming the mismatch and what to
 * do; none: it may go live.
 */
export function gateProblems(remote: string, build: BuildRecord, shell: BuildRecord): string[] {
  const problems: string[] = [];
  if (!shell.provides) problems.push(`The live shell's build has no facades.json (it was built before the deploy gate): ${REBUILD_SHELL}.`);
  if (!build.imports) problems.push(`The ${remote} build has no facades.json (it was built before the deploy gate): build it again.`);
  const provided = new Map(shell.shared.map((entry) => [entry.name, entry]));
  for (const needed of build.shared) {
    const range = typeof needed.requiredVersion === 'string' ? needed.requiredVersion : undefined;
    const offered = provided.get(needed.name);
    if (!offered) {
      problems.push(`${remote} shares ${needed.name}${range ? ` ${range}` : ''}, which the live shell does not provide: ${REBUILD_SHELL}, or drop the dependency.`);
    } else if (range && !satisfy(offered.version, range)) {
      problems.push(
        `${remote} needs ${needed.name} ${range}, but the live shell provides ${offered.version}: ${REBUILD_SHELL} with ${needed.name} ${range}, `
        + `or build ${remote} against ${needed.name} ${offered.version}.`,
      );
    }
  }
  for (const [pkg, names] of Object.entries(build.imports ?? {})) {
    const facade = new Set(shell.provides?.[pkg] ?? []);
    for (const name of names) {
      if (!shell.provides || facade.has(name)) continue;
      problems.push(pkg.startsWith('@portal/')
        // Version skew: the remote was built against shared code the live shell does not have yet (or no longer has).
        ? `${remote} imports ${name} from ${pkg}, which the live shell's ${pkg} does not export: ${remote} was built from other shared code than `
          + `the live shell. ${REBUILD_SHELL[0]!.toUpperCase()}${REBUILD_SHELL.slice(1)} from the commit ${remote} was built from (or a later one), or build ${remote} `
          + "from the shell's commit."
        : `${remote} imports ${name} from ${pkg}, which the live shell's facade does not provide: add it to shared/build-config/shared-exports.json and `
          + `${REBUILD_SHELL} before deploying ${remote}, or drop the import.`);
    }
  }
  return problems;
}

/** Throws one error listing every problem; the caller has changed nothing yet. */
export async function checkAgainstLiveShell(remote: string, buildLocation: string, shellDist: string): Promise<void> {
  const [build, shell] = await Promise.all([readBuildRecord(buildLocation), readBuildRecord(shellDist)]);
  const problems = gateProblems(remote, build, shell);
  if (problems.length > 0) throw new GateRefusal(remote, problems);
}

export class GateRefusal extends Error {
  constructor(readonly remote: string, readonly problems: string[]) {
    super(`The deploy gate refused ${remote}; nothing was changed:\n  - ${problems.join('\n  - ')}`);
    this.name = 'GateRefusal';
  }
}
