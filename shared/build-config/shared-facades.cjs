// A shared module cannot be tree-shaken: the app that provides it cannot know what the others will
// import, so sharing `@chakra-ui/react` whole put all of Chakra (~210 KB brotli) on every first
// screen. Instead each app provides, under the same share key, a facade that re-exports only the
// names listed in shared-exports.json: the union of what the portal imports, and nothing else.
// Every build checks its sources against that list, so a missing name fails the build, not the page.
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');
const SHARED_EXPORTS = require('./shared-exports.json');
const FACADED_PACKAGES = Object.keys(SHARED_EXPORTS);
const LAZY_NAMESPACE = path.join(__dirname, 'lazy-namespace.mjs');

/**
 * Listed names whose parts load in their own chunk, on first render or when the facade's `preload`
 * export is called (the shell does once someone is signed in). Chakra's interactive components carry
 * the Ark/zag state machines, ~26 KB brotli that no screen before sign-in uses.
 */
const LAZY_EXPORTS = {
  '@chakra-ui/react': {
    names: ['Checkbox', 'Dialog', 'Drawer', 'RadioGroup', 'Switch', 'Tabs'],
    preload: 'preloadChakraParts',
  },
};

/** The names a source may import from a facaded package: the list, and the facade's preload. */
function allowedNames(pkg) {
  const preload = LAZY_EXPORTS[pkg]?.preload;
  return preload ? [...SHARED_EXPORTS[pkg], preload] : SHARED_EXPORTS[pkg];
}
const SOURCE_FILE = /\.[cm]?tsx?$/;
const TEST_FILE = /\.test\.[cm]?tsx?$/;

/** The package's browser ESM entry, imported by absolute path so it is not itself the share key. */
function esmEntryOf(pkg, fromDir) {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [fromDir, repoRoot] });
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const root = manifest.exports?.['.'];
  const entry = root?.import?.default ?? root?.import ?? root?.default?.default ?? manifest.module ?? manifest.main;
  if (typeof entry !== 'string') throw new Error(`Cannot find the ES module entry of ${pkg}.`);
  return path.join(path.dirname(manifestPath), entry);
}

function sourceFiles(dir, files = []) {
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourceFiles(full, files);
    } else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/** The value names a source file imports from `pkg` (type-only imports left out). */
function importedNames(source, pkg) {
  const names = [];
  const escaped = pkg.replace(/[/.]/g, '\\$&');
  const named = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"]`, 'g');
  for (const match of source.matchAll(named)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0].trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  const other = new RegExp(`(import\\s+(?!type\\s)[\\w*]|export\\s+[^;]*from)[^;]*?['"]${escaped}['"]`, 'g');
  for (const match of source.matchAll(other)) names.push(`(${match[0].split(/\s/)[0]} statement)`);
  return names;
}

/** Fails when the app or a shared package imports a name of a facaded package the list lacks. */
function checkSharedExports(appDir) {
  // @portal/testing is dev-only: it is never bundled.
  const sharedDirs = fs.readdirSync(path.join(repoRoot, 'shared')).filter((name) => name !== 'testing');
  const dirs = [path.join(appDir, 'src'), ...sharedDirs.map((name) => path.join(repoRoot, 'shared', name, 'src'))];
  const problems = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(dir))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pkg of FACADED_PACKAGES) {
      for (const name of importedNames(source, pkg)) {
        if (!allowedNames(pkg).includes(name)) problems.push(`${path.relative(repoRoot, file)}: ${name} from ${pkg}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `These imports are not in shared/build-config/shared-exports.json (the shared facade provides only what it lists; add the name there, then rebuild the shell before deploying a remote that uses it):\n  ${problems.join('\n  ')}`,
    );
  }
}

/** Writes the app's facade modules and answers their paths, by package. */
function writeSharedFacades(appName, appDir) {
  checkSharedExports(appDir);
  const outDir = path.join(repoRoot, 'node_modules', '.cache', 'portal-shared-facades', appName);
  fs.mkdirSync(outDir, { recursive: true });
  const facades = {};
  for (const pkg of FACADED_PACKAGES) {
    const base = path.join(outDir, pkg.replace(/[@/]/g, '_'));
    const entry = JSON.stringify(esmEntryOf(pkg, appDir));
    const lazyExports = LAZY_EXPORTS[pkg];
    const lazyNames = lazyExports?.names ?? [];
    const eager = SHARED_EXPORTS[pkg].filter((name) => !lazyNames.includes(name));
    let source = `export { ${eager.join(', ')} } from ${entry};\n`;
    if (lazyExports) {
      writeIfChanged(`${base}.lazy.js`, `export { ${lazyNames.join(', ')} } from ${entry};\n`);
      source += [
        `import { lazyChunk, lazyNamespace } from ${JSON.stringify(LAZY_NAMESPACE)};`,
        `const chunk = lazyChunk(() => import(${JSON.stringify(`./${path.basename(base)}.lazy.js`)}));`,
        ...lazyNames.map((name) => `export const ${name} = lazyNamespace(chunk, ${JSON.stringify(name)});`),
        `export const ${lazyExports.preload} = () => chunk.load().then(() => undefined);`,
        '',
      ].join('\n');
    }
    writeIfChanged(`${base}.js`, source);
    facades[pkg] = `${base}.js`;
  }
  return facades;
}

function writeIfChanged(file, source) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === source) return;
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, source);
  fs.renameSync(temporary, file);
}

module.exports = { writeSharedFacades, checkSharedExports, importedNames, FACADED_PACKAGES };
