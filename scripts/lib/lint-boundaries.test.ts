import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

// Probes of the API's layer rules in eslint.config.mjs (docs/architecture.md#api-layers): each
// forbidden import, linted as if it were in the layer's folder, must be refused by
// no-restricted-imports with the message that says where the code belongs; an allowed one must not.

interface Probe {
  /** Where the probe pretends to live, relative to the repository root. */
  file: string;
  source: string;
  /** A piece of the message the rule answers with. */
  says: RegExp;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  assert.ok(result, `no lint result for ${file}`);
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const ROUTE = 'api/src/routes/probe-routes.ts';
const SERVICE = 'api/src/services/probe.ts';
const REPOSITORY = 'api/src/repositories/probe-repository.ts';

const forbidden: Probe[] = [
  {
    file: ROUTE,
    source: "import { createCompanyRepository } from '../repositories/company-repository';\nexport const probe = createCompanyRepository;\n",
    says: /a write belongs in a service under api\/src\/services/,
  },
  {
    file: ROUTE,
    source: "import type { ContactRow } from '../repositories/contact-repository';\nexport type Probe = ContactRow;\n",
    says: /a write belongs in a service under api\/src\/services/,
  },
  {
    file: ROUTE,
    source: "import type { PortalDb } from '../db/connect';\nexport type Probe = PortalDb;\n",
    says: /Routes hold no SQL/,
  },
  {
    file: ROUTE,
    source: "import { sql } from 'kysely';\nexport const probe = sql;\n",
    says: /Routes hold no SQL/,
  },
  {
    file: ROUTE,
    source: "import type { MailTransport } from '../plugins/mail';\nexport type Probe = MailTransport;\n",
    says: /never a plugin module/,
  },
  {
    file: SERVICE,
    source: "import type { MailTransport } from '../plugins/mail';\nexport type Probe = MailTransport;\n",
    says: /Services run without Fastify/,
  },
  {
    file: SERVICE,
    source: "import { eventsPlugin } from '../plugins/events';\nexport const probe = eventsPlugin;\n",
    says: /Services run without Fastify/,
  },
  {
    file: REPOSITORY,
    source: "import { auditRecord } from '../services/audit';\nexport const probe = auditRecord;\n",
    says: /Repositories are SQL only and call no service/,
  },
];

const allowed: Omit<Probe, 'says'>[] = [
  { file: ROUTE, source: "import { createCompany } from '../services/companies';\nexport const probe = createCompany;\n" },
  { file: ROUTE, source: "import { serviceContext } from './route-helpers';\nexport const probe = serviceContext;\n" },
  { file: SERVICE, source: "import type { Repositories } from '../repositories/repositories';\nexport type Probe = Repositories;\n" },
  { file: SERVICE, source: "import type { PortalDb } from '../db/connect';\nexport type Probe = PortalDb;\n" },
  { file: REPOSITORY, source: "import { sql } from 'kysely';\nimport { publicMeta } from './meta';\nexport const probe = [sql, publicMeta];\n" },
];

describe('the API layer rules', () => {
  before(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  for (const probe of forbidden) {
    const what = probe.source.split('\n')[0];
    it(`refuses in ${probe.file}: ${what}`, async () => {
      const messages = await restrictedImports(probe.file, probe.source);
      assert.equal(messages.length, 1, `expected one no-restricted-imports error, got ${JSON.stringify(messages)}`);
      assert.match(messages[0]!, probe.says);
    });
  }

  for (const probe of allowed) {
    const what = probe.source.split('\n')[0];
    it(`allows in ${probe.file}: ${what}`, async () => {
      assert.deepEqual(await restrictedImports(probe.file, probe.source), []);
    });
  }

  it('leaves tests free to set up data through a repository', async () => {
    const source = "import type { ContactRow } from '../repositories/contact-repository';\nexport type Probe = ContactRow;\n";
    assert.deepEqual(await restrictedImports('api/src/routes/probe-routes.test.ts', source), []);
  });
});

// The node workspaces' rules: what runs in production and the operator commands never import a
// benchmark, and nothing imports the repository's checks; a benchmark may use the server.
describe('the workspace rules', () => {
  before(() => {
    eslint ??= new ESLint({ cwd: repoRoot });
  });

  const refusedIn: Probe[] = [
    { file: 'server/lib/probe.ts', source: "import { chunked } from '../../bench/lib/bench-kit';\nexport const probe = chunked;\n", says: /bench\/ holds benchmarks and measurements/ },
    { file: 'ops/lib/probe.ts', source: "import { chunked } from '../../bench/lib/bench-kit';\nexport const probe = chunked;\n", says: /bench\/ holds benchmarks and measurements/ },
    { file: 'server/probe.ts', source: "import { createBackup } from '../ops/lib/backup';\nexport const probe = createBackup;\n", says: /ops\/ holds the operator commands/ },
    { file: 'bench/probe.ts', source: "import { headingAnchors } from '../scripts/lib/doc-paths';\nexport const probe = headingAnchors;\n", says: /scripts\/ holds the repository's own checks/ },
  ];
  for (const probe of refusedIn) {
    it(`refuses in ${probe.file}: ${probe.source.split('\n')[0]}`, async () => {
      const messages = await restrictedImports(probe.file, probe.source);
      assert.equal(messages.length, 1, `expected one no-restricted-imports error, got ${JSON.stringify(messages)}`);
      assert.match(messages[0]!, probe.says);
    });
  }

  it('lets a benchmark use the server and the operator commands', async () => {
    const source = "import { startCluster } from '../server/lib/rolling-restart-kit';\nimport { createBackup } from '../ops/lib/backup';\nexport const probe = [startCluster, createBackup];\n";
    assert.deepEqual(await restrictedImports('bench/probe.ts', source), []);
  });
});
