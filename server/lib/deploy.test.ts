import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import { createPortalApi, securityHeadersPlugin } from '@portal/api';
import Fastify from 'fastify';
import type { BuildOptions } from './build-app.js';
import {
  abortCanary, canaryOfKeptVersion, deployCanary, deployLogPath, deployRemote, fillUploadCommand, keptVersionsOf, listRemotes, promoteCanary, publishKeptVersion,
  readBuildInfo, readDeployLog, remoteDeployNeed, repointRemote, rollbackTarget, versionTarget, type CanaryRecord, type ReleaseStore,
} from './deploy.js';
import { gateProblems, type BuildRecord } from './deploy-gate.js';
import type { RuntimeLayout } from './paths.js';
import { readRemotesMap } from './remotes-map.js';
import { registerFrontEnd } from './serve-front-end.js';

const REACT = { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true };
const shellRecord: BuildRecord = {
  shared: [REACT, { name: '@chakra-ui/react', version: '3.37.0', requiredVersion: '3.37.0' }],
  provides: { '@chakra-ui/react': ['Box', 'Button'], 'react-router-dom': ['Link'] },
};

describe('the deploy gate', () => {
  it('lets a remote the live shell serves go live', () => {
    assert.deepEqual(gateProblems('auth', { shared: [REACT], imports: { '@chakra-ui/react': ['Box'], 'react-router-dom': ['Link'] } }, shellRecord), []);
  });

  it('names a facade import the live shell lacks, and what to do', () => {
    const [problem, ...rest] = gateProblems('auth', { shared: [REACT], imports: { '@chakra-ui/react': ['Box', 'Carousel'] } }, shellRecord);
    assert.equal(rest.length, 0);
    assert.match(problem!, /auth imports Carousel from @chakra-ui\/react, which the live shell's facade does not provide/);
    assert.match(problem!, /shared-exports\.json/);
    assert.match(problem!, /or drop the import/);
  });

  it('names a shared module outside the range, or not provided at all', () => {
    const problems = gateProblems('billing', {
      shared: [{ ...REACT, requiredVersion: '^20.0.0' }, { name: 'dayjs', version: '1.11.0', requiredVersion: '^1.11.0' }],
      imports: {},
    }, shellRecord);
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /billing needs react \^20\.0\.0, but the live shell provides 19\.3\.1/);
    assert.match(problems[1]!, /billing shares dayjs \^1\.11\.0, which the live shell does not provide/);
  });

  it('refuses a remote built against @portal code the live shell lacks (version skew), naming the name', () => {
    const shell = { ...shellRecord, provides: { ...shellRecord.provides, '@portal/api-client': ['useTicket'] } };
    assert.deepEqual(gateProblems('tickets', { shared: [], imports: { '@portal/api-client': ['useTicket'] } }, shell), []);
    const [problem] = gateProblems('tickets', { shared: [], imports: { '@portal/api-client': ['useTicket', 'useSecurityOverview'] } }, shell);
    assert.match(problem!, /tickets imports useSecurityOverview from @portal\/api-client, which the live shell's @portal\/api-client does not export/);
    assert.match(problem!, /Rebuild the shell/);
  });

  it('refuses against a shell built before the gate', () => {
    assert.match(gateProblems('auth', { shared: [], imports: {} }, { shared: [] })[0]!, /live shell's build has no facades\.json/);
  });
});

describe('deploying, rolling back and listing', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'deploy-test-'));
  const layout: RuntimeLayout = {
    dataDir: root,
    deployDir: path.join(root, 'deploy'),
    remotesMapPath: path.join(root, 'deploy', 'remotes.json'),
    shellDist: path.join(root, 'shell'),
  };
  after(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(layout.shellDist, { recursive: true });
    writeFileSync(path.join(layout.shellDist, 'mf-manifest.json'), JSON.stringify({ shared: shellRecord.shared }));
    writeFileSync(path.join(layout.shellDist, 'facades.json'), JSON.stringify({ provides: shellRecord.provides }));
  });

  /** A stand-in for rspack: writes what a remote build records, importing these Chakra names. */
  const fakeBuild = (chakra: string[]) => async (options: BuildOptions) => {
    mkdirSync(options.outputPath, { recursive: true });
    writeFileSync(path.join(options.outputPath, 'mf-manifest.json'), JSON.stringify({ shared: [REACT] }));
    writeFileSync(path.join(options.outputPath, 'facades.json'), JSON.stringify({ imports: { '@chakra-ui/react': chakra } }));
    writeFileSync(path.join(options.outputPath, 'remoteEntry.js'), `// ${options.remoteVersion}`);
    return { ms: 1, compileMs: 1, warnings: [] };
  };
  const smokes: string[] = [];
  const options = (chakra = ['Box']) => ({ build: fakeBuild(chakra), smoke: async (entry: { version: string }) => void smokes.push(entry.version) });

  it('refuses a probe importing a name the live shell lacks: the map is unchanged and the build removed', async () => {
    const live = await deployRemote('auth', layout, options());
    await assert.rejects(deployRemote('auth', layout, options(['Box', 'NotInTheShell'])), (error: Error) => {
      assert.match(error.message, /The deploy gate refused auth; nothing was changed/);
      assert.match(error.message, /auth imports NotInTheShell from @chakra-ui\/react/);
      return true;
    });
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, live.version);
    assert.deepEqual(keptVersionsOf('auth', layout), [live.version]);
    assert.equal(readDeployLog(layout).length, 1);
  });

  it('smoke-loads before going live; a failed smoke load changes nothing', async () => {
    const live = await deployRemote('auth', layout, options());
    assert.deepEqual(smokes.slice(-1), [live.version]);
    await assert.rejects(deployRemote('auth', layout, { build: fakeBuild(['Box']), smoke: async () => { throw new Error('did not render'); } }), /did not render/);
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, live.version);
  });

  it('a build against an older @portal/contract says so and never counts as current: `npm start` rebuilds it', async () => {
    const older = await deployRemote('auth', layout, { ...options(), builtAgainst: '@portal/contract at 6874720f25' });
    assert.equal(readBuildInfo(older.dir)?.builtAgainst, '@portal/contract at 6874720f25');
    assert.equal(remoteDeployNeed('auth', layout), 'its sources changed');
    await deployRemote('auth', layout, options());
    assert.equal(remoteDeployNeed('auth', layout), undefined);
  });

  it('--dry-run checks only', async () => {
    const result = await deployRemote('auth', layout, { ...options(), dryRun: true });
    assert.equal(result.dryRun, true);
    assert.equal(readRemotesMap(layout.remotesMapPath).auth, undefined);
    assert.equal(existsSync(result.dir), false);
  });

  it('rolls back to the previous version, goes --to any kept one, and logs who and when', async () => {
    process.env.DEPLOYED_BY = 'team-auth';
    const first = await deployRemote('auth', layout, options());
    const second = await deployRemote('auth', layout, options());
    const third = await deployRemote('auth', layout, options());
    assert.deepEqual(rollbackTarget('auth', layout), { entry: `/remotes/auth/${second.version}/mf-manifest.json`, version: second.version });
    await repointRemote('auth', rollbackTarget('auth', layout), 'rollback', layout, options());
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, second.version);
    // Rolling back again goes further back, not forth.
    await repointRemote('auth', rollbackTarget('auth', layout), 'rollback', layout, options());
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, first.version);
    await repointRemote('auth', versionTarget('auth', third.version, layout), 'to', layout, options());
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, third.version);
    assert.throws(() => versionTarget('auth', 'nope', layout), /auth has no version "nope"/);

    const [auth] = listRemotes(layout, ['auth']);
    assert.deepEqual(auth!.versions.map((v) => [v.version, v.live, v.by]), [
      [third.version, true, 'team-auth'], [second.version, false, 'team-auth'], [first.version, false, 'team-auth'],
    ]);
    assert.deepEqual(readDeployLog(layout).map((record) => record.action), ['deploy', 'deploy', 'deploy', 'rollback', 'rollback', 'to']);
    delete process.env.DEPLOYED_BY;
  });

  /** The portal database's canaries and deploy log, in memory (the API's app.repos.releases has the same methods). */
  const memoryStore = () => {
    const rows = new Map<string, CanaryRecord>();
    const logged: Array<Parameters<ReleaseStore['log']>[0]> = [];
    const store: ReleaseStore = {
      canaries: async () => [...rows.values()],
      startCanary: async (row) => void rows.set(row.remote, row),
      endCanary: async (remote, version) => rows.get(remote)?.version === version && rows.delete(remote),
      log: async (line) => void logged.push(line),
    };
    return { store, rows, logged };
  };

  it('deploys a canary beside the live version: checked, written to the database, logged, the map unchanged', async () => {
    process.env.DEPLOYED_BY = 'team-tickets@example.test';
    try {
      const { store, rows, logged } = memoryStore();
      await assert.rejects(deployCanary('auth', layout, { ...options(), releases: store, share: 10 }), /auth has no live version/);
      const live = await deployRemote('auth', layout, { ...options(), releases: store });
      await assert.rejects(deployCanary('auth', layout, { ...options(), releases: store, share: 100 }), /whole percent from 1 to 99/);
      const before = smokes.length;
      const canary = await deployCanary('auth', layout, { ...options(), releases: store, share: 10, autoPromoteMs: 30 * 60_000 });
      assert.equal(smokes.length, before + 1, 'smoke-loaded');
      assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, live.version);
      const row = rows.get('auth')!;
      assert.equal(row.version, canary.version);
      assert.equal(row.entry, `/remotes/auth/${canary.version}/mf-manifest.json`);
      assert.equal(row.share, 10);
      assert.equal(row.started_by, 'team-tickets@example.test');
      assert.equal(Date.parse(row.auto_promote_at!) - Date.parse(row.started_at), 30 * 60_000);
      assert.deepEqual(readDeployLog(layout).map((line) => line.action), ['deploy', 'canary']);
      assert.deepEqual(logged.map((line) => [line.action, line.version, line.previous]), [
        ['deploy', live.version, null], ['canary', canary.version, live.entry.entry],
      ]);
      // The rollback target is still what was live before the live version, not the canary.
      assert.throws(() => rollbackTarget('auth', layout), /no earlier version/);
      const [auth] = listRemotes(layout, ['auth'], await store.canaries());
      assert.deepEqual(auth!.versions.map((v) => [v.version, v.live, v.canary]), [[canary.version, false, 10], [live.version, true, null]]);
      // A refused canary build changes nothing.
      await assert.rejects(deployCanary('auth', layout, { ...options(['NotInTheShell']), releases: store, share: 10 }), /deploy gate refused/);
      assert.equal(rows.get('auth')!.version, canary.version);
    } finally {
      delete process.env.DEPLOYED_BY;
    }
  });

  it('keeps the canary\'s folder when older versions are pruned', async () => {
    process.env.DEPLOY_KEEP = '1';
    try {
      const { store } = memoryStore();
      await deployRemote('auth', layout, { ...options(), releases: store });
      const canary = await deployCanary('auth', layout, { ...options(), releases: store, share: 20 });
      const live = await deployRemote('auth', layout, { ...options(), releases: store });
      assert.deepEqual(keptVersionsOf('auth', layout).sort(), [canary.version, live.version].sort());
      // `npm start` deploys before the database is open: the log file says which canary runs.
      // (Within one second a pruned version's name comes again, so only what must stay and what must go is looked at.)
      const started = await deployRemote('auth', layout, options());
      assert.ok(keptVersionsOf('auth', layout).includes(canary.version));
      assert.ok(keptVersionsOf('auth', layout).includes(started.version));
      await abortCanary('auth', layout, { releases: store });
      await deployRemote('auth', layout, options());
      assert.ok(!keptVersionsOf('auth', layout).includes(canary.version));
    } finally {
      delete process.env.DEPLOY_KEEP;
    }
  });

  it('makes a kept version the canary without building, promotes it through the checks, and aborts', async () => {
    const { store, rows, logged } = memoryStore();
    const first = await deployRemote('auth', layout, { ...options(), releases: store });
    const second = await deployRemote('auth', layout, { ...options(), releases: store });
    await assert.rejects(canaryOfKeptVersion('auth', second.version, layout, { ...options(), releases: store, share: 10 }), /is the live version already/);
    await canaryOfKeptVersion('auth', first.version, layout, { ...options(), releases: store, share: 30 });
    assert.equal(rows.get('auth')?.version, first.version);
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, second.version);

    await abortCanary('auth', layout, { releases: store });
    assert.equal(rows.size, 0);
    await assert.rejects(abortCanary('auth', layout, { releases: store }), /auth has no canary/);
    await assert.rejects(promoteCanary('auth', layout, { ...options(), releases: store }), /auth has no canary/);

    await canaryOfKeptVersion('auth', first.version, layout, { ...options(), releases: store, share: 30 });
    // A promotion passes the gate and the smoke load as --to does: a failing smoke load changes nothing.
    await assert.rejects(promoteCanary('auth', layout, { build: fakeBuild(['Box']), smoke: async () => { throw new Error('did not render'); }, releases: store }), /did not render/);
    assert.equal(rows.get('auth')?.version, first.version);
    const before = smokes.length;
    await promoteCanary('auth', layout, { ...options(), releases: store });
    assert.deepEqual(smokes.slice(before), [first.version]);
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, first.version);
    assert.equal(rows.size, 0);
    assert.deepEqual(readDeployLog(layout).map((line) => [line.action, line.version]), [
      ['deploy', first.version], ['deploy', second.version], ['canary', first.version], ['abort', first.version], ['canary', first.version], ['promote', first.version],
    ]);
    assert.deepEqual(logged.map((line) => line.action), ['deploy', 'deploy', 'canary', 'abort', 'canary', 'promote']);
    // A rollback after a promotion goes back to what was live before it.
    assert.equal(rollbackTarget('auth', layout).version, second.version);
  });

  it('a canary made live by --to is no longer a canary', async () => {
    const { store, rows } = memoryStore();
    const first = await deployRemote('auth', layout, { ...options(), releases: store });
    await deployRemote('auth', layout, { ...options(), releases: store });
    await canaryOfKeptVersion('auth', first.version, layout, { ...options(), releases: store, share: 30 });
    await repointRemote('auth', versionTarget('auth', first.version, layout), 'to', layout, { ...options(), releases: store });
    assert.equal(rows.size, 0);
  });

  it('a promotion that finds its canary rolled back meanwhile changes nothing', async () => {
    const { store, rows } = memoryStore();
    const first = await deployRemote('auth', layout, { ...options(), releases: store });
    const second = await deployRemote('auth', layout, { ...options(), releases: store });
    await canaryOfKeptVersion('auth', first.version, layout, { ...options(), releases: store, share: 30 });
    const judged = { build: fakeBuild(['Box']), smoke: async () => void rows.delete('auth'), releases: store };
    await assert.rejects(promoteCanary('auth', layout, judged), /ended meanwhile/);
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, second.version);
  });

  it('keeps the canary and the deploy log in the portal\'s database, as the CLI opens it (app.repos.releases)', async () => {
    const api = await createPortalApi({ dataDir: path.join(root, 'portal'), runJobs: false, seedDemo: false });
    try {
      const releases = api.repos.releases;
      const first = await deployRemote('auth', layout, { ...options(), releases });
      const canary = await deployCanary('auth', layout, { ...options(), releases, share: 25, autoPromoteMs: 60_000 });
      assert.deepEqual((await releases.canaries()).map((row) => [row.remote, row.version, row.share]), [['auth', canary.version, 25]]);
      await promoteCanary('auth', layout, { ...options(), releases });
      assert.deepEqual(await releases.canaries(), []);
      assert.equal(readRemotesMap(layout.remotesMapPath).auth?.version, canary.version);
      assert.deepEqual((await releases.recentLog(10)).map((line) => [line.action, line.version]), [
        ['promote', canary.version], ['canary', canary.version], ['deploy', first.version],
      ]);
    } finally {
      await api.close();
    }
  });

  it('keeps DEPLOY_KEEP versions, never the live one', async () => {
    process.env.DEPLOY_KEEP = '2';
    try {
      for (let n = 0; n < 3; n += 1) await deployRemote('auth', layout, options());
      assert.equal(keptVersionsOf('auth', layout).length, 2);
    } finally {
      delete process.env.DEPLOY_KEEP;
    }
  });

  it('publishes to another origin: copies the build and points the map at its URL', async () => {
    const elsewhere = path.join(root, 'cdn', 'auth');
    const result = await deployRemote('auth', layout, { ...options(), publishUrl: 'http://cdn.example.test:9000/auth/', copyTo: elsewhere });
    assert.deepEqual(readRemotesMap(layout.remotesMapPath).auth, { entry: 'http://cdn.example.test:9000/auth/mf-manifest.json', version: result.version });
    assert.equal(readFileSync(path.join(elsewhere, 'remoteEntry.js'), 'utf8'), `// ${result.version}`);
    await assert.rejects(deployRemote('auth', layout, { ...options(), publishUrl: 'http://cdn.example.test/auth' }), /ending in '\/'/);
  });

  it('publishes a kept version elsewhere without building, and rolls back to the local copy that was live', async () => {
    const first = await deployRemote('auth', layout, options());
    const second = await deployRemote('auth', layout, options());
    await repointRemote('auth', rollbackTarget('auth', layout), 'rollback', layout, options());
    await publishKeptVersion('auth', first.version, layout, { ...options(), publishUrl: 'http://cdn.example.test/auth/', copyTo: path.join(root, 'cdn') });
    assert.equal(readRemotesMap(layout.remotesMapPath).auth?.entry, 'http://cdn.example.test/auth/mf-manifest.json');
    assert.deepEqual(rollbackTarget('auth', layout), { entry: `/remotes/auth/${first.version}/mf-manifest.json`, version: first.version });
    assert.notEqual(first.version, second.version);
    await assert.rejects(publishKeptVersion('auth', 'gone', layout, { ...options(), publishUrl: 'http://cdn.example.test/auth/', copyTo: root }), /no kept version "gone"/);
  });

  it('fills the upload command\'s placeholders as one shell word each: spaces, quotes, $() and ; stay text', () => {
    const version = `it's "a" $(echo no) \`echo no\`; echo no & |x`;
    const dir = '/tmp/a b/c\'d';
    const command = fillUploadCommand('printf "%s|" {dir} {version}', { dir, version });
    assert.equal(execFileSync('sh', ['-c', command], { encoding: 'utf8' }), `${dir}|${version}|`);
  });

  it('an upload command never runs what a placeholder holds', async () => {
    const marker = path.join(root, 'pwned');
    const odd: RuntimeLayout = { ...layout, deployDir: path.join(root, `a b; touch ${marker}; #`), remotesMapPath: path.join(root, 'remotes.json') };
    const result = await deployRemote('auth', odd, { ...options(), publishUrl: 'http://cdn.example.test/auth/', uploadCommand: 'test -f {dir}/remoteEntry.js' });
    assert.equal(existsSync(marker), false);
    assert.equal(readRemotesMap(odd.remotesMapPath).auth?.version, result.version);
  });

  it('never serves the deploy log (or the map) under /remotes/, even when they live in the deploy folder', async () => {
    const live = await deployRemote('auth', layout, options());
    assert.equal(path.dirname(deployLogPath(layout)), layout.deployDir);
    const app = Fastify();
    await app.register(securityHeadersPlugin, { publicUrl: 'http://127.0.0.1:8080' });
    await registerFrontEnd(app, layout);
    try {
      assert.equal((await app.inject(`/remotes/auth/${live.version}/remoteEntry.js`)).statusCode, 200);
      for (const url of [`/remotes/${path.basename(deployLogPath(layout))}`, '/remotes/remotes.json', `/remotes/auth/.${live.version}.staging/remoteEntry.js`]) {
        assert.equal((await app.inject(url)).statusCode, 404, url);
      }
    } finally {
      await app.close();
    }
  });
});
