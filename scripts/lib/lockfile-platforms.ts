// Which platforms' native bindings package-lock.json lacks. A package such as @rspack/binding, @swc/core,
// esbuild or unrs-resolver ships its native code as one optional dependency per platform
// (`@rspack/binding-darwin-arm64`, …), each with `os`/`cpu`/`libc` fields. npm installs only the one that
// fits the machine, but it writes into the lockfile only those it resolved when the lockfile was written
// (npm/cli#4828); `npm ci` on another platform then installs no binding and the tool fails to load.

/** One `packages` entry of a lockfile (version 2 or 3), as far as this check reads it. */
export interface LockEntry {
  version?: string;
  link?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

export interface Lockfile {
  packages?: Record<string, LockEntry>;
}

export interface Platform {
  os: string;
  cpu: string;
}

/** The platforms the portal supports (docs/operations.md#platforms-and-node-versions). */
export const SUPPORTED_PLATFORMS: readonly Platform[] = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
];

export interface MissingBinding {
  /** The package that offers the bindings, e.g. `@rspack/binding`. */
  family: string;
  version: string;
  /** Where it sits in the lockfile, e.g. `node_modules/@rspack/binding`. */
  location: string;
  /** e.g. `darwin-arm64`. */
  platform: string;
  /** `glibc` or `musl` when the binding is for one C library only. */
  libc?: string;
  /** The optional dependency the lockfile lacks, e.g. `@rspack/binding-darwin-arm64`. */
  binding: string;
}

interface Target {
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const OS_NAMES = new Set(['aix', 'android', 'darwin', 'freebsd', 'linux', 'netbsd', 'openbsd', 'openharmony', 'sunos', 'win32']);
const CPU_NAMES = new Set(['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'wasm32', 'x64']);
const LIBC_OF_SUFFIX: Record<string, string> = { gnu: 'glibc', glibc: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };

/**
 * The platform a binding is for, read from its name when the lockfile has no entry for it
 * (`@rspack/binding-linux-arm64-musl` → linux, arm64, musl). Empty when the name names no platform.
 */
export function targetFromName(name: string): Target {
  const target: Target = {};
  for (const part of name.split(/[@/_.-]/)) {
    if (OS_NAMES.has(part)) target.os = [part];
    else if (CPU_NAMES.has(part)) target.cpu = [part];
    else if (LIBC_OF_SUFFIX[part]) target.libc = [LIBC_OF_SUFFIX[part]];
  }
  return target;
}

/** npm's rule for an `os`/`cpu` list: absent accepts all; `!x` refuses x; otherwise x must be listed. */
function accepts(list: string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((item) => !item.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

function isPlatformSpecific(target: Target): boolean {
  return Boolean(target.os?.length || target.cpu?.length);
}

/** Node's module resolution inside the lockfile: the nearest `node_modules/<name>` from `from` upwards. */
export function resolveLocation(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

function packageNameAt(location: string): string {
  const index = location.lastIndexOf('node_modules/');
  return index < 0 ? location : location.slice(index + 'node_modules/'.length);
}

export const platformName = (platform: Platform): string => `${platform.os}-${platform.cpu}`;

/**
 * Every binding a native package family offers for one of `platforms` and the lockfile lacks.
 * A family is any lockfile entry with an optional dependency for a particular os or cpu (from that
 * dependency's own entry, or its name when the entry is missing); a platform it offers no binding for
 * (esbuild has no musl split, fsevents is macOS only) is not asked for.
 */
export function missingPlatformBindings(lockfile: Lockfile, platforms: readonly Platform[] = SUPPORTED_PLATFORMS): MissingBinding[] {
  const packages = lockfile.packages ?? {};
  const missing: MissingBinding[] = [];
  for (const [location, entry] of Object.entries(packages)) {
    const optional = Object.keys(entry.optionalDependencies ?? {});
    const bindings = optional
      .map((binding) => {
        const at = resolveLocation(packages, location, binding);
        const target = at ? (packages[at] as Target) : targetFromName(binding);
        return { binding, locked: at !== undefined, target };
      })
      .filter(({ target }) => isPlatformSpecific(target));
    for (const platform of platforms) {
      for (const { binding, locked, target } of bindings) {
        if (locked || !accepts(target.os, platform.os) || !accepts(target.cpu, platform.cpu)) continue;
        missing.push({
          family: packageNameAt(location) || '(root)',
          version: entry.version ?? '',
          location,
          platform: platformName(platform),
          ...(target.libc?.length ? { libc: target.libc.join('/') } : {}),
          binding,
        });
      }
    }
  }
  return missing;
}

/** The native package families the lockfile has, by name, for the summary line. */
export function nativeFamilies(lockfile: Lockfile): string[] {
  const packages = lockfile.packages ?? {};
  const names = new Set<string>();
  for (const [location, entry] of Object.entries(packages)) {
    const platformSpecific = Object.keys(entry.optionalDependencies ?? {}).some((binding) => {
      const at = resolveLocation(packages, location, binding);
      return isPlatformSpecific(at ? (packages[at] as Target) : targetFromName(binding));
    });
    if (platformSpecific) names.add(packageNameAt(location) || '(root)');
  }
  return [...names].sort();
}

export function describeMissing(item: MissingBinding): string {
  const libc = item.libc ? ` (${item.libc})` : '';
  return `${item.family}@${item.version} has no ${item.platform}${libc} binding in package-lock.json: ${item.binding} (at ${item.location})`;
}
