// One lint config for the whole workspace. The `no-restricted-imports` blocks below are the
// dependency rules of STYLE.md: each message says where the code belongs instead. ESLint keeps only
// the last matching block's options for a rule, so every block lists all the patterns its files obey.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const require = createRequire(import.meta.url);
const root = import.meta.dirname;

/** The one list of remotes; any other `mfe-*` folder (a remote being built) is held to the same rules. */
const remotes = require('./shared/build-config/remotes.json');
const remoteFolders = [...new Set([...remotes.map((remote) => remote.folder), ...readdirSync(root).filter((name) => name.startsWith('mfe-'))])];
const apps = ['shell', ...remoteFolders];

const TESTS = ['**/*.test.{ts,tsx}', '**/test-support/**'];
/** Where an app keeps code its features share; the composers (routes.tsx, the shell's layout/) may import features. */
const SHARED_APP_DIRS = ['components', 'hooks', 'utils', 'lib'];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const portalSubpath = {
  regex: '^@portal/(?!build-config/remotes\\.json$|contract/remotes$|contract/remotes-schemas$|contract/endpoints$|ui/prerendered-fields$|ui/prerendered-frame$|i18n/react$|i18n/message-text$)[a-z0-9-]+/.+',
  message: 'Import @portal packages from their root only (or @portal/contract/remotes or @portal/contract/endpoints, share keys of their own, or @portal/ui/prerendered-fields and @portal/ui/prerendered-frame, which each page script bundles, or @portal/i18n/react and @portal/i18n/message-text, bundled by each part; @portal/i18n/tools holds the ICU parser and is for Node): a subpath is a separate federation share key.',
};
/** The remotes list and map's zod schemas are for builds, deploys and the server: no browser bundle carries them. */
const remotesSchemas = {
  regex: '^@portal/contract/remotes-schemas$',
  message: 'The remotes schemas check the list and the map where they are written (builds, deploys, the server): an app reads them with @portal/contract/remotes.',
};
const appSourceRegex = '^(\\.\\./)+(shell|mfe-[a-z0-9-]+)(/|$)|^(shell|mfe-[a-z0-9-]+)(/|$)';
const otherAppSource = {
  regex: appSourceRegex,
  message: "A remote never imports another app's source. Embed its exposed component at run time through federation (@portal/ui ExposedComponent), or move the shared code into a @portal/* package.",
};
const apiSource = {
  regex: '^(\\.\\./)+api(/|$)|^@portal/api$',
  message: 'Front-end code talks to the API over HTTP through @portal/api-client, never by importing the server.',
};
const testKit = {
  regex: '^@portal/testing$',
  message: '@portal/testing is the dev-only test kit: only tests (*.test.ts(x), test-support/) import it; production code takes its data from @portal/api-client.',
};
const sharedToApps = {
  regex: appSourceRegex,
  message: 'Shared packages never import a remote or the shell: they are what the apps build on.',
};

// Shared packages, bottom to top: domain <- contract <- api-client | session, ui <- features. api-client and
// session sit side by side (neither imports the other; the shell wires them); ui is presentation and
// features the widgets that call the API; testing may use them all, and only tests import testing.
const layers = {
  contract: {
    regex: '^@portal/(contract|api-client|session|ui|features|build-config)$|^(react|react-dom|swr|zustand|@chakra-ui/.*)$',
    message: '@portal/contract is zod schemas over @portal/domain only: fetching and hooks belong in @portal/api-client, components in @portal/ui.',
  },
  'api-client': {
    regex: '^@portal/(api-client|session|ui|features|build-config)$',
    message: '@portal/api-client builds on @portal/contract and @portal/domain only: the session store is @portal/session (beside it), components are @portal/ui (above it); the shell passes callbacks between them.',
  },
  session: {
    regex: '^@portal/(session|api-client|ui|features|build-config)$',
    message: '@portal/session sits beside @portal/api-client, on contract and domain: it holds the session and clears the SWR cache; calling the API is the caller\'s part (the shell).',
  },
  ui: [
    {
      regex: '^@portal/(ui|features|session|build-config)$',
      message: '@portal/ui builds on domain and contract: it never reads the session store (take what a component needs as props; the person\'s language and formats come through @portal/i18n/react: useT, useFormats) and never imports @portal/features, which builds on it.',
    },
    {
      regex: '^@portal/api-client$',
      allowImportNames: ['errorMessage', 'ApiError'],
      message: '@portal/ui is presentation: it never calls the API (a failure\'s text through errorMessage is all it reads there). A widget that reads or writes through the API belongs in its remote, or in @portal/features when several remotes use it.',
    },
  ],
  i18n: {
    regex: '^@portal/(i18n|api-client|ui|features|build-config)$|^(swr|@chakra-ui/.*)$',
    message: '@portal/i18n builds on domain and session only: it formats and picks texts; the texts are each part\'s own, the widgets are @portal/ui\'s.',
  },
  features: {
    regex: '^@portal/(features|session|build-config)$',
    message: '@portal/features builds on ui, api-client, contract and domain and never reads the session store: take the viewer and the time zone as props (the person\'s language and formats come through @portal/i18n/react).',
  },
  testing: {
    regex: '^@portal/(testing|build-config)$',
    message: '@portal/testing may use every shared package but not the build config or itself by name.',
  },
};

function featuresOf(app) {
  const dir = path.join(root, app, 'src', 'features');
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];
}

/** Per app: shared code never reaches into a feature, and a feature never imports another one. */
function appZones(app) {
  const base = [portalSubpath, otherAppSource, apiSource];
  const bundled = [...base, testKit, remotesSchemas];
  const blocks = [
    { files: [`${app}/src/**/*.{ts,tsx}`], ignores: TESTS, rules: restrict(...bundled) },
    {
      files: SHARED_APP_DIRS.map((dir) => `${app}/src/${dir}/**/*.{ts,tsx}`),
      ignores: TESTS,
      rules: restrict(...bundled, {
        regex: '(^|/)features(/|$)',
        message: `${app}/src/components and src/hooks hold what features share and never import a feature: move the piece they need here too.`,
      }),
    },
  ];
  const features = featuresOf(app);
  for (const feature of features) {
    const others = features.filter((name) => name !== feature);
    const patterns = [...bundled];
    if (others.length > 0) {
      patterns.push({
        regex: `^(\\.\\./)+(${others.join('|')})(/|$)|(^|/)features/(?!${feature}(/|$))`,
        message: `Features do not import each other: ${app}'s ${app === 'shell' ? 'layout' : 'routes.tsx'} composes them, and what two features share lives in ${app}/src/components or ${app}/src/hooks.`,
      });
    }
    blocks.push({ files: [`${app}/src/features/${feature}/**/*.{ts,tsx}`], ignores: TESTS, rules: restrict(...patterns) });
  }
  blocks.push({ files: TESTS.map((glob) => `${app}/src/${glob}`), rules: restrict(...base) });
  return blocks;
}

function sharedZones() {
  const blocks = [];
  for (const [name, layer] of Object.entries(layers)) {
    const patterns = [portalSubpath, apiSource, sharedToApps, ...[layer].flat()];
    blocks.push({ files: [`shared/${name}/src/**/*.{ts,tsx}`], ignores: name === 'testing' ? [] : TESTS, rules: restrict(...patterns, ...(name === 'testing' ? [] : [testKit, remotesSchemas])) });
    if (name !== 'testing') blocks.push({ files: TESTS.map((glob) => `shared/${name}/src/${glob}`), rules: restrict(...patterns) });
  }
  return blocks;
}

const serverOnly = {
  regex: `^(react|react-dom|@chakra-ui/.*|swr|zustand|@portal/(ui|features|session|api-client))$|${appSourceRegex}`,
  message: 'The API is a server: it uses @portal/domain and @portal/contract only, never browser code.',
};

// The API's layers (docs/architecture.md#api-layers, docs/decisions/0008-services-own-writes.md):
// a route parses, authorizes, calls one service (or reads through app.repos) and replies; a service
// opens the transaction, calls the repositories with it and answers what to publish; a repository
// is SQL. Type imports count too: a layer does not even name what it must not call.
const apiLayers = {
  routes: {
    repositories: {
      regex: '^(\\.\\./)+repositories(/|$)',
      message: 'Routes stay thin: a write belongs in a service under api/src/services, which opens the transaction and calls the repositories; a plain read goes through app.repos. A type a route needs comes from the service it calls.',
    },
    sql: {
      regex: '^kysely(/|$)|^(\\.\\./)+db(/|$)',
      message: 'Routes hold no SQL: queries belong in a repository under api/src/repositories, called from a service in api/src/services.',
    },
    plugins: {
      regex: '^(\\.\\./)+plugins(/|$)',
      message: 'Routes use what the plugins decorate (app.db, app.repos, app.events, app.sessions), never a plugin module: a type or helper they share belongs in api/src/services or routes/route-helpers.ts.',
    },
  },
  services: {
    plugins: {
      regex: '^(\\.\\./)+plugins(/|$)',
      message: 'Services run without Fastify: they take a ServiceContext (services/service-context.ts) from the route or the job runner. A type a plugin and a service share lives under api/src/services (as services/mail-transport.ts does), and the plugin imports it from there.',
    },
  },
  repositories: {
    services: {
      regex: '^(\\.\\./)+services(/|$)',
      message: 'Repositories are SQL only and call no service: the service calls the repository, passing its transaction. A rule the SQL needs belongs in @portal/domain.',
    },
  },
};

// The node workspaces around the apps, each named for what it is: server/ is what runs in production,
// ops/ the operator commands, bench/ the benchmarks and measurements, scripts/ the repository's own
// checks. bench may use server and ops; nothing that runs in production or that an operator runs
// depends on a benchmark; the checks are imported by no one.
const workspaceImport = (name) => `^(\\.\\./)+${name}(/|$)|^@portal/${name}(/|$)`;
const benchCode = {
  regex: workspaceImport('bench'),
  message: 'bench/ holds benchmarks and measurements: what runs in production (server/) and the operator commands (ops/) never import them; move a piece both need into server/lib or ops/lib.',
};
const repositoryChecks = {
  regex: workspaceImport('scripts'),
  message: "scripts/ holds the repository's own checks (lint, lockfile, doc paths): nothing imports them; a piece other code needs belongs in server/, ops/ or a @portal package.",
};
const operatorCommands = {
  regex: workspaceImport('ops'),
  message: 'ops/ holds the operator commands (backup, restore, moving attachments, create-admin): the production server never imports them.',
};
const nodeWorkspaceZones = [
  { files: ['server/**/*.{ts,mts,mjs,cjs}'], rules: restrict(benchCode, repositoryChecks, operatorCommands) },
  { files: ['ops/**/*.{ts,mts,mjs,cjs}'], rules: restrict(benchCode, repositoryChecks) },
  { files: ['bench/**/*.{ts,mts,mjs,cjs}'], rules: restrict(repositoryChecks) },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/coverage/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'shared/ui/src/**/*.{ts,tsx}', 'shared/features/src/**/*.{ts,tsx}', 'shared/api-client/src/**/*.{ts,tsx}', 'shared/session/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['shared/domain/src/**/*.ts'],
    rules: restrict({
      regex: '^(?!\\.{1,2}/)',
      message: '@portal/domain is pure TypeScript and imports nothing but its own files: put I/O in the API and React in @portal/ui.',
    }),
  },
  ...sharedZones(),
  ...apps.flatMap(appZones),
  ...nodeWorkspaceZones,
  {
    files: ['api/src/**/*.ts'],
    ignores: TESTS,
    rules: restrict(portalSubpath, serverOnly, testKit),
  },
  {
    files: ['api/src/routes/**/*.ts'],
    ignores: TESTS,
    rules: restrict(portalSubpath, serverOnly, testKit, ...Object.values(apiLayers.routes)),
  },
  {
    files: ['api/src/services/**/*.ts'],
    ignores: TESTS,
    rules: restrict(portalSubpath, serverOnly, testKit, ...Object.values(apiLayers.services)),
  },
  {
    files: ['api/src/repositories/**/*.ts'],
    ignores: TESTS,
    rules: restrict(portalSubpath, serverOnly, testKit, ...Object.values(apiLayers.repositories)),
  },
  {
    files: TESTS.map((glob) => `api/src/${glob}`),
    rules: restrict(portalSubpath, serverOnly),
  },
  {
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{
          name: '@playwright/test',
          importNames: ['test', 'expect'],
          message: "Import test and expect from '../support/fixtures': a journey fails there on any Content Security Policy violation (docs/architecture.md#security).",
        }],
      }],
    },
  },
);
