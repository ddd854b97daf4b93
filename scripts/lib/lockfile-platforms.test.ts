import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  describeMissing,
  missingPlatformBindings,
  nativeFamilies,
  targetFromName,
  type LockEntry,
  type Lockfile,
} from './lockfile-platforms.js';

const binding = (os: string, cpu: string, libc?: string): LockEntry => ({
  version: '2.3.2',
  os: [os],
  cpu: [cpu],
  ...(libc ? { libc: [libc] } : {}),
});

const RSPACK_BINDINGS = [
  'darwin-arm64',
  'darwin-x64',
  'linux-arm64-gnu',
  'linux-arm64-musl',
  'linux-ppc64-gnu',
  'linux-x64-gnu',
  'linux-x64-musl',
  'wasm32-wasi',
  'win32-arm64-msvc',
  'win32-ia32-msvc',
  'win32-x64-msvc',
].map((suffix) => `@rspack/binding-${suffix}`);

const rspack = (locked: Record<string, LockEntry>): Lockfile => ({
  packages: {
    '': { version: '0.1.0' },
    'node_modules/@rspack/core': { version: '2.3.2' },
    'node_modules/@rspack/binding': {
      version: '2.3.2',
      optionalDependencies: Object.fromEntries(RSPACK_BINDINGS.map((name) => [name, '2.3.2'])),
    },
    ...locked,
  },
});

describe('missingPlatformBindings', () => {
  it('names the family and every supported platform whose binding a one-platform lockfile lacks', () => {
    const lockfile = rspack({ 'node_modules/@rspack/binding-linux-x64-gnu': binding('linux', 'x64', 'glibc') });
    const missing = missingPlatformBindings(lockfile);
    assert.deepEqual(
      missing.map(({ platform, libc, binding: name }) => [platform, libc, name]),
      [
        ['darwin-arm64', undefined, '@rspack/binding-darwin-arm64'],
        ['darwin-x64', undefined, '@rspack/binding-darwin-x64'],
        ['win32-x64', undefined, '@rspack/binding-win32-x64-msvc'],
        ['linux-x64', 'musl', '@rspack/binding-linux-x64-musl'],
        ['linux-arm64', 'glibc', '@rspack/binding-linux-arm64-gnu'],
        ['linux-arm64', 'musl', '@rspack/binding-linux-arm64-musl'],
      ],
    );
    assert.equal(
      describeMissing(missing[0]!),
      '@rspack/binding@2.3.2 has no darwin-arm64 binding in package-lock.json: @rspack/binding-darwin-arm64 (at node_modules/@rspack/binding)',
    );
  });

  it('passes once every binding is locked, and never asks for platforms outside the supported five', () => {
    const all = Object.fromEntries(
      RSPACK_BINDINGS.map((name) => {
        const target = targetFromName(name);
        return [`node_modules/${name}`, { version: '2.3.2', ...target }];
      }),
    );
    assert.deepEqual(missingPlatformBindings(rspack(all)), []);
    const withoutWasmAndPpc = { ...all };
    delete withoutWasmAndPpc['node_modules/@rspack/binding-wasm32-wasi'];
    delete withoutWasmAndPpc['node_modules/@rspack/binding-linux-ppc64-gnu'];
    delete withoutWasmAndPpc['node_modules/@rspack/binding-win32-ia32-msvc'];
    assert.deepEqual(missingPlatformBindings(rspack(withoutWasmAndPpc)), []);
  });

  it('finds bindings the way Node resolves them: nested beside the family or hoisted above it', () => {
    const lockfile: Lockfile = {
      packages: {
        'node_modules/jest-resolve/node_modules/unrs-resolver': {
          version: '1.12.2',
          optionalDependencies: {
            '@unrs/resolver-binding-darwin-arm64': '1.12.2',
            '@unrs/resolver-binding-linux-x64-gnu': '1.12.2',
          },
        },
        'node_modules/@unrs/resolver-binding-darwin-arm64': binding('darwin', 'arm64'),
        'node_modules/jest-resolve/node_modules/@unrs/resolver-binding-linux-x64-gnu': binding('linux', 'x64', 'glibc'),
        // Not reachable from unrs-resolver: a sibling package's own copy.
        'node_modules/other/node_modules/@unrs/resolver-binding-linux-x64-gnu': binding('linux', 'x64', 'glibc'),
      },
    };
    assert.deepEqual(missingPlatformBindings(lockfile), []);
    delete lockfile.packages!['node_modules/jest-resolve/node_modules/@unrs/resolver-binding-linux-x64-gnu'];
    assert.deepEqual(
      missingPlatformBindings(lockfile).map((item) => `${item.family} ${item.platform} ${item.location}`),
      ['unrs-resolver linux-x64 node_modules/jest-resolve/node_modules/unrs-resolver'],
    );
  });

  it('asks only for what a family offers, and reads os/cpu lists the way npm does', () => {
    const lockfile: Lockfile = {
      packages: {
        // macOS only (no cpu list): a Linux or Windows install needs nothing from it.
        'node_modules/chokidar': { version: '3.6.0', optionalDependencies: { fsevents: '~2.3.2' } },
        'node_modules/fsevents': { version: '2.3.3', os: ['darwin'] },
        // Everything but Windows, through a negated list.
        'node_modules/tool': { version: '1.0.0', optionalDependencies: { 'tool-native': '1.0.0' } },
        'node_modules/tool-native': { version: '1.0.0', os: ['!win32'] },
        // Optional, but for every platform: not a native family.
        'node_modules/ws': { version: '8.0.0', optionalDependencies: { bufferutil: '^4', 'utf-8-validate': '^6' } },
      },
    };
    assert.deepEqual(missingPlatformBindings(lockfile), []);
    assert.deepEqual(nativeFamilies(lockfile), ['chokidar', 'tool']);
    delete lockfile.packages!['node_modules/fsevents'];
    // A missing entry's platform comes from its name; `fsevents` names none, so it cannot be told apart.
    assert.deepEqual(missingPlatformBindings(lockfile), []);
  });

  it('reads the platform from a binding name', () => {
    assert.deepEqual(targetFromName('@swc/core-linux-arm64-musl'), { os: ['linux'], cpu: ['arm64'], libc: ['musl'] });
    assert.deepEqual(targetFromName('@esbuild/win32-x64'), { os: ['win32'], cpu: ['x64'] });
    assert.deepEqual(targetFromName('@parcel/watcher-linux-x64-glibc'), { os: ['linux'], cpu: ['x64'], libc: ['glibc'] });
    assert.deepEqual(targetFromName('lightningcss-darwin-arm64'), { os: ['darwin'], cpu: ['arm64'] });
    assert.deepEqual(targetFromName('bufferutil'), {});
  });
});

describe("the repository's package-lock.json", () => {
  it('has every supported platform’s binding of every native package family', () => {
    const lockfile = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8')) as Lockfile;
    assert.ok(nativeFamilies(lockfile).includes('@rspack/binding'));
    assert.deepEqual(missingPlatformBindings(lockfile).map(describeMissing), []);
  });
});
