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

/** A source without its comments (a comment saying "import" is no import). */
const withoutComments = (source) => source.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The value names a source file imports or re-exports from `pkg` (type-only ones left out). */
function importedNames(source, pkg) {
  const code = withoutComments(source);
  const names = [];
  const escaped = pkg.replace(/[/.]/g, '\\$&');
  const named = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"]`, 'g');
  for (const match of code.matchAll(named)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0].trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  const other = new RegExp(`(import\\s+(?!type\\s)[\\w*]|export\\s+\\*)[^;{}]*?['"]${escaped}['"]`, 'g');
  for (const match of code.matchAll(other)) names.push(`(${match[0].split(/\s/)[0]} statement)`);
  return names;
}

/** The source folders bundled into an app: its own and the shared packages' (@portal/testing is dev-only: never bundled). */
function bundledSourceDirs(appDir) {
  const sharedDirs = fs.readdirSync(path.join(repoRoot, 'shared')).filter((name) => name !== 'testing');
  return [path.join(appDir, 'src'), ...sharedDirs.map((name) => path.join(repoRoot, 'shared', name, 'src'))];
}

/**
 * The names of each facaded package that the app's bundled sources import, sorted, by package; a
 * whole-namespace or re-export statement shows as "(import statement)" / "(export statement)".
 */
function facadeImports(appDir) {
  const imports = Object.fromEntries(FACADED_PACKAGES.map((pkg) => [pkg, new Set()]));
  const where = [];
  for (const file of bundledSourceDirs(appDir).flatMap((dir) => sourceFiles(dir))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pkg of FACADED_PACKAGES) {
      for (const name of importedNames(source, pkg)) {
        imports[pkg].add(name);
        where.push({ file: path.relative(repoRoot, file), pkg, name });
      }
    }
  }
  return { names: Object.fromEntries(Object.entries(imports).map(([pkg, names]) => [pkg, [...names].sort()])), where };
}

/** Fails when the app or a shared package imports a name of a facaded package the list lacks. */
function checkSharedExports(appDir) {
  const problems = facadeImports(appDir).where
    .filter(({ pkg, name }) => !allowedNames(pkg).includes(name))
    .map(({ file, pkg, name }) => `${file}: ${name} from ${pkg}`);
  if (problems.length > 0) {
    throw new Error(
      `These imports are not in shared/build-config/shared-exports.json (the shared facade provides only what it lists; add the name there, then rebuild the shell before deploying a remote that uses it):\n  ${problems.join('\n  ')}`,
    );
  }
}

/** Where a build records its facades, next to its mf-manifest.json: what the deploy gate compares. */
const FACADES_FILE = 'facades.json';

/**
 * The value names a shared @portal package's barrel (src/index.ts) exports: `export { a, b as c } from …`
 * lists, type-only ones left out. The barrels are such lists only; anything else fails the build here,
 * so the record is never silently short.
 */
function portalExports(name) {
  const file = path.join(repoRoot, 'shared', name, 'src', 'index.ts');
  const source = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const names = new Set();
  for (const match of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      names.add(item.split(/\s+as\s+/).pop().trim());
    }
  }
  const other = source.match(/^export\s+(?!(type\s+)?\{)[^\n]*/m);
  if (other) throw new Error(`${path.relative(repoRoot, file)}: only \`export { … } from\` lists are read for the deploy gate, not "${other[0]}"`);
  return [...names].sort();
}

/** The names the app's own sources import from each shared @portal package (the shell provides those at run time). */
function portalImports(appDir, portalPackages) {
  const imports = Object.fromEntries(portalPackages.map((name) => [`@portal/${name}`, new Set()]));
  for (const file of sourceFiles(path.join(appDir, 'src'))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pkg of Object.keys(imports)) for (const name of importedNames(source, pkg)) imports[pkg].add(name);
  }
  return Object.fromEntries(Object.entries(imports).map(([pkg, names]) => [pkg, [...names].sort()]));
}

/**
 * A plugin that writes facades.json into a production build: for the shell (the host, whose shared
 * modules every remote uses at run time) the names each facade and each shared @portal package
 * provides; for a remote the names it imports from them. `deploy-remote` checks a remote's imports
 * against the live shell's provides before repointing.
 * @param {{ appDir: string, isHost: boolean, portalPackages: string[] }} options
 */
function facadesFilePlugin({ appDir, isHost, portalPackages }) {
  return {
    apply(compiler) {
      if (compiler.options.mode !== 'production') return;
      compiler.hooks.done.tap('PortalFacadesFile', (stats) => {
        if (stats.hasErrors()) return;
        const record = isHost
          ? {
            provides: {
              ...Object.fromEntries(FACADED_PACKAGES.map((pkg) => [pkg, [...allowedNames(pkg)].sort()])),
              ...Object.fromEntries(portalPackages.map((name) => [`@portal/${name}`, portalExports(name)])),
            },
          }
          : { imports: { ...facadeImports(appDir).names, ...portalImports(appDir, portalPackages) } };
        fs.writeFileSync(path.join(compiler.options.output.path, FACADES_FILE), `${JSON.stringify(record, null, 2)}\n`);
      });
    },
  };
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

module.exports = { writeSharedFacades, checkSharedExports, facadeImports, facadesFilePlugin, portalExports, portalImports, importedNames, FACADED_PACKAGES, FACADES_FILE };
