// The one Rspack + Module Federation config every app builds with, so that the shell and every remote
// agree on the shared singletons and on how their output is laid out.
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { facadesFilePlugin, writeSharedFacades } = require('./shared-facades.cjs');
const { startupFilesPlugin } = require('./startup-files.cjs');

const repoRoot = path.resolve(__dirname, '../..');

/** The one list of remotes: name, folder, dev port and the route patterns each owns. */
const REMOTES = require('./remotes.json');
const SHELL_DEV_PORT = 3000;
/** Module Federation's runtime built for browsers only. */
const WEB_ONLY = { target: 'web' };

function remoteNamed(name) {
  return REMOTES.find((remote) => remote.name === name);
}

/** In `npm run dev` the shell's /remotes.json points at each remote's own dev server. */
function devRemotesMap() {
  return Object.fromEntries(
    REMOTES.map((remote) => [remote.name, { entry: `http://localhost:${remote.devPort}/mf-manifest.json`, version: 'dev' }]),
  );
}

const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  'swr',
  '@chakra-ui/react',
  '@emotion/react',
  // The ICU formatter of every part's catalogues (docs/decisions/0024-message-catalogues.md): one copy a page.
  'intl-messageformat',
];
// Subpath imports are separate share keys; these two carry React's identity (JSX and the root).
const SHARED_SUBPATHS = { 'react/jsx-runtime': 'react', 'react/jsx-dev-runtime': 'react', 'react-dom/client': 'react-dom' };
// Packages with state or React context the page must hold once. @portal/domain is not among them:
// it is pure functions and constants, so each app bundles (tree-shaken) only what it calls; shared,
// its whole barrel (~15 KB brotli) loaded on every first screen. Nor is @portal/features: its widgets
// hold no state of their own (they read through the shared api-client and SWR), and the shell, which
// provides the singletons, never imports it, so a shared copy would be whichever remote loaded first.
const PORTAL_PACKAGES = ['contract', 'api-client', 'session', 'ui'];
// The remotes list, map and route rule of @portal/contract, shared on their own: the shell needs them
// before its first paint, and the rest of the contract (every API schema) only with the first call.
// Its endpoint table likewise: plain data the api-client builds paths from before the schemas load.
const PORTAL_SUBPATHS = { '@portal/contract/remotes': 'contract', '@portal/contract/endpoints': 'contract' };

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Shared @portal packages taken from another folder for this build (PORTAL_PACKAGE_DIRS, JSON
 * `{ "contract": "/tmp/…/shared/contract" }`): `deploy-remote --contract-from` builds a remote against
 * an older @portal/contract this way (server/lib/older-build.ts). Only the named packages move; their
 * version is the one that folder's package.json declares.
 */
function portalPackageDirs() {
  const dirs = process.env.PORTAL_PACKAGE_DIRS ? JSON.parse(process.env.PORTAL_PACKAGE_DIRS) : {};
  return Object.fromEntries(Object.entries(dirs).map(([name, dir]) => [name, path.resolve(dir)]));
}
const portalPackageDir = (name) => portalPackageDirs()[name] ?? path.join(repoRoot, 'shared', name);

/** Aliases sending `@portal/<name>` and its subpath exports to the folders PORTAL_PACKAGE_DIRS names. */
function portalPackageAliases() {
  const aliases = {};
  for (const [name, dir] of Object.entries(portalPackageDirs())) {
    const manifest = readJson(path.join(dir, 'package.json'));
    const exportsMap = typeof manifest.exports === 'object' && manifest.exports ? manifest.exports : { '.': manifest.main };
    for (const [subpath, target] of Object.entries(exportsMap)) {
      if (typeof target !== 'string') continue;
      aliases[`@portal/${name}${subpath === '.' ? '' : subpath.slice(1)}$`] = path.join(dir, target);
    }
  }
  return aliases;
}

function installedVersion(pkg, fromDir) {
  const paths = [fromDir, repoRoot];
  try {
    return readJson(require.resolve(`${pkg}/package.json`, { paths })).version;
  } catch {
    // A package whose exports hide its package.json (intl-messageformat): the manifest above its entry.
    for (let dir = path.dirname(require.resolve(pkg, { paths })); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (fs.existsSync(manifest) && readJson(manifest).name === pkg) return readJson(manifest).version;
    }
    throw new Error(`No package.json found for ${pkg}`);
  }
}

function createSharedConfig(dir, appName = path.basename(dir)) {
  const appPackage = readJson(path.join(dir, 'package.json'));
  const declared = { ...appPackage.devDependencies, ...appPackage.dependencies };
  const rangeOf = (pkg) => declared[pkg] ?? `^${installedVersion(pkg, dir)}`;
  // Chakra and the router are provided as facades of the names the portal uses (shared-facades.cjs).
  const facades = writeSharedFacades(appName, dir);
  const shared = {};
  for (const pkg of SHARED_PACKAGES) {
    shared[pkg] = { singleton: true, requiredVersion: rangeOf(pkg) };
    if (facades[pkg]) Object.assign(shared[pkg], { import: facades[pkg], version: installedVersion(pkg, dir) });
  }
  for (const [subpath, pkg] of Object.entries(SHARED_SUBPATHS)) {
    shared[subpath] = { singleton: true, requiredVersion: rangeOf(pkg) };
  }
  const portalVersion = (name) => readJson(path.join(portalPackageDir(name), 'package.json')).version;
  for (const name of PORTAL_PACKAGES) {
    const version = portalVersion(name);
    shared[`@portal/${name}`] = { singleton: true, version, requiredVersion: version };
  }
  for (const [subpath, name] of Object.entries(PORTAL_SUBPATHS)) {
    const version = portalVersion(name);
    shared[subpath] = { singleton: true, version, requiredVersion: version };
  }
  return shared;
}

/** How every build resolves: TypeScript sources of the workspaces, and packages taken from other folders. */
function sourceResolve() {
  return {
    extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
    // Workspace packages are TypeScript sources that may import './x.js' meaning './x.ts'.
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    // A package taken from another folder (PORTAL_PACKAGE_DIRS) finds its dependencies in the repo's.
    alias: {
      ...portalPackageAliases(),
      // Catalogues arrive compiled (messages-loader.cjs): the ICU parser stays out of every bundle.
      '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
    },
    ...(Object.keys(portalPackageDirs()).length > 0 ? { modules: ['node_modules', path.join(repoRoot, 'node_modules')] } : {}),
  };
}

/** Content-hashed files (cached for good), under a `uniqueName` no other build on the page shares, found from the script's own URL. */
function hashedOutput(outputPath, uniqueName) {
  return {
    path: outputPath,
    publicPath: 'auto',
    uniqueName,
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    clean: true,
  };
}

/** `process.env.REMOTE_VERSION` (env, default `dev`) and `process.env.REMOTE_NAME` in the app's code. */
function buildFacts(name) {
  return new rspack.DefinePlugin({
    'process.env.REMOTE_VERSION': JSON.stringify(process.env.REMOTE_VERSION || 'dev'),
    'process.env.REMOTE_NAME': JSON.stringify(name),
  });
}

/** How every build compiles: TypeScript and JSX through SWC, CSS, assets, and Chakra's lazy global CSS. */
function sourceModule() {
  return {
    rules: [
      {
        test: /\.[cm]?tsx?$/,
        exclude: /node_modules/,
        resolve: { fullySpecified: false },
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
      { test: /[\\/]src[\\/](?:[^\\/]+[\\/])*messages[\\/][a-z]{2}\.json$/, loader: require.resolve('./messages-loader.cjs'), type: 'javascript/auto' },
      { test: /\.css$/, type: 'css/auto' },
      // Chakra builds its global CSS on first read, not in createSystem (see the loader).
      { test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/, loader: require.resolve('./chakra-lazy-global-loader.cjs') },
      { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset' },
    ],
  };
}

/**
 * @param {{
 *   name: string;
 *   dir: string;
 *   exposes?: Record<string, string>;
 *   devPort?: number;
 *   isHost?: boolean;
 *   outputPath?: string;
 *   template?: string;
 *   favicon?: string;
 *   title?: string;
 *   devRemotes?: Record<string, { entry: string; version: string }>;
 * }} options `devPort` defaults to the shell's 3000 or the remote's entry in remotes.json; a host's
 *   `devRemotes` default to every listed remote's dev server.
 * @returns {import('@rspack/core').Configuration}
 */
function createAppConfig(options) {
  const { name, dir, exposes, isHost = false } = options;
  const listed = remoteNamed(name);
  if (!isHost && !listed) throw new Error(`Remote "${name}" is not in shared/build-config/remotes.json: add its entry there.`);
  const devPort = options.devPort ?? (isHost ? SHELL_DEV_PORT : listed.devPort);
  const devRemotes = isHost ? (options.devRemotes ?? devRemotesMap()) : undefined;
  const portalUrl = process.env.PORTAL_API_URL || 'http://localhost:8080';
  const outputPath = options.outputPath ?? path.join(dir, 'dist');

  const federation = {
    name,
    filename: 'remoteEntry.js',
    ...(isHost ? { remotes: {} } : { exposes: exposes ?? {} }),
    shared: createSharedConfig(dir, name),
    // 'version-first' would fetch every registered remote's entry to compare versions before the first
    // shared module loads; the shell's singletons, loaded first, are the ones every remote uses anyway.
    shareStrategy: 'loaded-first',
    // One federation runtime per page: the shell provides it and a remote's remoteEntry.js leaves it
    // out (~15 KB brotli each); see the plugin before ModuleFederationPlugin below.
    // `target: 'web'` leaves the runtime's Node-only code (loading remotes from the file system) out.
    experiments: isHost ? { provideExternalRuntime: true, optimization: WEB_ONLY } : { optimization: WEB_ONLY },
    dts: false,
    manifest: true,
  };

  return {
    name,
    context: dir,
    entry: { main: './src/index.ts' },
    output: {
      ...hashedOutput(outputPath, `portal_${name}`),
      // A remote's chunks register under a global of their version's own: a page that ran one version and then loads
      // another (a canary aborted, a deploy meanwhile: docs/deploying-a-remote.md#canary-releases) would otherwise hand
      // the new version's runtime the old version's chunks, whose ids are the same from one build to the next.
      ...(isHost ? {} : { chunkLoadingGlobal: `rspackChunkportal_${name}_${(process.env.REMOTE_VERSION || 'dev').replace(/\W/g, '_')}` }),
    },
    resolve: sourceResolve(),
    module: sourceModule(),
    plugins: [
      buildFacts(name),
      new rspack.HtmlRspackPlugin({
        template: options.template ?? path.join(__dirname, 'index.html'),
        title: options.title ?? (isHost ? 'Support Portal' : `Support Portal: ${name}`),
        // A remote's standalone page runs its own entry, not its federation container.
        chunks: ['main'],
        // The page is served for every deep link (SPA fallback): its scripts must not be relative.
        publicPath: '/',
        favicon: options.favicon ?? path.join(__dirname, 'favicon.svg'),
      }),
      // A remote's standalone dev server (`rspack serve --mode development`) has no shell, so it keeps its
      // own federation runtime; its production build (what the portal deploys) leaves it to the shell.
      {
        apply(compiler) {
          if (!isHost) federation.experiments = { externalRuntime: compiler.options.mode !== 'development', optimization: WEB_ONLY };
        },
      },
      new ModuleFederationPlugin(federation),
      // startup-files.json: what the server preloads for a first page (the shell's start-up chunks
      // and the chunks of the remote's ./routes that owns the page), and what the shell fetches ahead
      // for a link in view (a remote's ./routes and the Markdown renderer its `ready` loads, the chunk
      // @portal/ui names "markdown"); see startup-files.cjs.
      startupFilesPlugin(
        isHost
          ? { groups: { startup: 'bootstrap' }, withProviders: true }
          : { groups: { routes: '__federation_expose_routes', ready: 'markdown' }, withProviders: false },
      ),
      // facades.json: the shared names the shell provides, or the remote imports (the deploy gate's input).
      facadesFilePlugin({ appDir: dir, isHost, portalPackages: PORTAL_PACKAGES }),
    ],
    performance: { hints: false },
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Standalone, a remote embeds the others the running portal has deployed: its remotes map and
      // builds come from the portal, like /api.
      proxy: isHost
        ? [{ context: ['/api'], target: portalUrl }]
        : [{ context: ['/api', '/remotes.json', '/remotes'], target: portalUrl }],
      ...(devRemotes
        ? {
            setupMiddlewares: (middlewares) => {
              middlewares.unshift({
                name: 'remotes-map',
                path: '/remotes.json',
                middleware: (_req, res) => {
                  res.setHeader('Content-Type', 'application/json');
                  res.setHeader('Cache-Control', 'no-store');
                  res.end(JSON.stringify(devRemotes));
                },
              });
              return middlewares;
            },
          }
        : {}),
    },
  };
}

/** Where a remote's pages of their own are built, inside its build folder (so they deploy with it). */
const PAGES_DIR = 'page';

/**
 * A remote's pages of their own: plain scripts without Module Federation, each bundling what it needs
 * (React, Chakra, the page), for a public page the server sends without the shell
 * (docs/architecture.md#weight: the sign-in page). Built after the remote (`dependencies`) into its
 * build folder's `page/`, with `page/startup-files.json` listing each page's entry files and the
 * files of its chunk named `<page>-app` (what the entry imports first), for the server to send and
 * preload.
 * @param {{ name: string; dir: string; pages: Record<string, string> }} options `pages`: a page's name and its entry module.
 * @returns {import('@rspack/core').Configuration}
 */
function createPageConfig({ name, dir, pages }) {
  const groups = {};
  for (const page of Object.keys(pages)) Object.assign(groups, { [page]: page, [`${page}-app`]: `${page}-app` });
  return {
    name: `${name}-pages`,
    dependencies: [name],
    context: dir,
    entry: pages,
    output: hashedOutput(path.join(dir, 'dist', PAGES_DIR), `portal_${name}_pages`),
    resolve: sourceResolve(),
    module: sourceModule(),
    plugins: [
      buildFacts(name),
      startupFilesPlugin({ groups, withProviders: false }),
    ],
    performance: { hints: false },
  };
}

module.exports = { createAppConfig, createPageConfig, PAGES_DIR, createSharedConfig, REMOTES, SHELL_DEV_PORT, devRemotesMap };
