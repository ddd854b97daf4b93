// Summaries of V8 CPU profiles (`node --cpu-prof` writes one .cpuprofile per process) for
// bench/profile-hot-path.ts: self time aggregated by function (name and place) and by file, over
// one or more profiles, as shares of the busy time (the idle samples are left out and shown apart).

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileRow {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  functions: ProfileRow[];
  files: ProfileRow[];
  packages: ProfileRow[];
}

const IDLE = '(idle)';

/** A place readable in a report: the repository's path, node_modules/<package>/…, node:… */
export function shortUrl(url: string, root: string): string {
  const plain = url.replace(/^file:\/\//, '');
  const inModules = plain.lastIndexOf('/node_modules/');
  if (inModules >= 0) return plain.slice(inModules + 1);
  if (root && plain.startsWith(`${root}/`)) return plain.slice(root.length + 1);
  return plain;
}

/** What a file belongs to: a package, Node's own code, or the repository's workspace folder. */
function packageOf(file: string): string {
  if (file === '') return '(native / V8)';
  if (file.startsWith('node:')) return 'node (internal)';
  const modules = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (modules) return modules[1]!;
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file;
}

function ranked(totals: Map<string, number>, busyMs: number, top: number): ProfileRow[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms, share: busyMs > 0 ? ms / busyMs : 0 }));
}

/** Self time of every function, file and package over the profiles (sample time from timeDeltas; hitCount when a profile has no samples). */
export function summarizeProfiles(profiles: CpuProfile[], options: { root: string; top: number }): ProfileSummary {
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busyMs = 0;
  let idleMs = 0;
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const profile of profiles) {
    const selfMs = new Map<number, number>();
    if (profile.samples && profile.timeDeltas) {
      // timeDeltas[i] is the time before sample i: it belongs to the sample before it.
      for (let i = 0; i < profile.samples.length; i += 1) {
        const next = profile.timeDeltas[i + 1] ?? 0;
        selfMs.set(profile.samples[i]!, (selfMs.get(profile.samples[i]!) ?? 0) + Math.max(0, next) / 1000);
      }
    } else {
      for (const node of profile.nodes) selfMs.set(node.id, node.hitCount ?? 0);
    }
    for (const node of profile.nodes) {
      const ms = selfMs.get(node.id) ?? 0;
      if (ms === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === IDLE) {
        idleMs += ms;
        continue;
      }
      busyMs += ms;
      const file = shortUrl(url, options.root);
      add(byFunction, file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName || '(anonymous)', ms);
      add(byFile, file || functionName || '(anonymous)', ms);
      add(byPackage, packageOf(file), ms);
    }
  }
  return {
    busyMs,
    idleMs,
    functions: ranked(byFunction, busyMs, options.top),
    files: ranked(byFile, busyMs, options.top),
    packages: ranked(byPackage, busyMs, options.top),
  };
}

/** The summary as text: three ranked tables. */
export function formatSummary(summary: ProfileSummary, title: string): string {
  const table = (heading: string, rows: ProfileRow[]) => [
    heading,
    ...rows.map((row, i) => `${String(i + 1).padStart(3)}. ${(row.share * 100).toFixed(1).padStart(5)}% ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}`),
  ].join('\n');
  const total = summary.busyMs + summary.idleMs;
  return [
    title,
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms (${total > 0 ? ((summary.busyMs / total) * 100).toFixed(0) : 0}% busy); shares are of the busy time`,
    '',
    table(`top ${summary.functions.length} functions by self time:`, summary.functions),
    '',
    table('by file:', summary.files.slice(0, 15)),
    '',
    table('by package:', summary.packages.slice(0, 15)),
  ].join('\n');
}
