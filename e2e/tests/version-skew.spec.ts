import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../support/fixtures';
import { e2eDeployDir, portalEnv } from '../support/portal-env';
import { expectSignedInHeader, signIn } from '../support/session';

// Version skew (docs/deploying-a-remote.md#version-skew-what-a-remote-may-lag-behind): a team that has not caught up deploys its remote
// built against an older @portal/contract, next to the current shell, through the real gate and smoke
// load. Billing built against the contract before its latest change goes live and works; one built
// against a contract whose version the live shell does not provide (a breaking change since, marked by a
// version bump) is refused with the reason, and nothing changes.

const repoRoot = join(__dirname, '..', '..');
const run = promisify(execFile);
const deployRemote = async (...args: string[]) =>
  (await run('npm', ['run', '--silent', 'deploy-remote', '--', ...args], { cwd: repoRoot, env: { ...process.env, ...portalEnv } })).stdout;
const liveMap = () => JSON.parse(readFileSync(join(e2eDeployDir, 'remotes.json'), 'utf8')) as Record<string, { entry: string; version: string }>;

/** shared/contract as of the contract's previous change, in a temp folder, read by the same code deploy-remote uses (server/lib/older-build.ts). */
async function previousContractCopy(): Promise<{ dir: string; root: string }> {
  const script = `import('./server/lib/older-build.ts').then(({ contractRevision, extractContract }) => `
    + 'console.log(extractContract(contractRevision()).dir))';
  const { stdout } = await run('npx', ['tsx', '-e', script], { cwd: repoRoot });
  const dir = stdout.trim().split('\n').pop()!;
  return { dir, root: join(dir, '..', '..') };
}

test('billing built against the previous @portal/contract works next to the current shell; a contract version the shell lacks is refused, then rolled back', async ({ page }) => {
  test.setTimeout(240_000);
  const current = liveMap().billing!;
  expect(current.entry.startsWith('/remotes/billing/')).toBe(true);
  await signIn(page, 'admin');
  await expectSignedInHeader(page);
  let variantRoot: string | undefined;
  try {
    // (a) The previous contract: the gate and the smoke load pass, and an admin uses the screen.
    const output = await deployRemote('billing', '--contract-from', 'previous');
    expect(output).toMatch(/Building billing against @portal\/contract at [0-9a-f]{10}/);
    expect(output).toContain('gate: the live shell serves billing');
    expect(output).toContain('smoke load: billing');
    const older = liveMap().billing!;
    expect(older.version).not.toBe(current.version);
    const info = JSON.parse(readFileSync(join(e2eDeployDir, 'billing', older.version, 'build-info.json'), 'utf8')) as { builtAgainst?: string };
    expect(info.builtAgainst).toMatch(/^@portal\/contract at /);

    await page.goto('/admins/invoices');
    await expect(page.locator('[data-remote="billing"]')).toHaveAttribute('data-remote-version', older.version);
    await expect(page.getByRole('heading', { name: 'Agent Payroll' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('region', { name: 'Companies' }).getByRole('button', { name: /^Acme, LLC/ }).click();
    await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 2 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Items' }).getByRole('row').nth(1)).toBeVisible();

    // (b) The same contract, but with a version the live shell does not provide: refused, with the reason.
    const variant = await previousContractCopy();
    variantRoot = variant.root;
    const manifestPath = join(variant.dir, 'package.json');
    writeFileSync(manifestPath, readFileSync(manifestPath, 'utf8').replace(/"version":\s*"[^"]+"/, '"version": "0.0.9"'));
    const refused = await deployRemote('billing', '--contract-dir', variant.dir).then(
      () => undefined,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    expect(refused).toContain('The deploy gate refused billing; nothing was changed');
    expect(refused).toContain('billing needs @portal/contract 0.0.9, but the live shell provides 0.1.0');
    expect(liveMap().billing).toEqual(older);
    await page.reload();
    await expect(page.locator('[data-remote="billing"]')).toHaveAttribute('data-remote-version', older.version);

    // Back to the current build for the other journeys.
    await deployRemote('billing', '--rollback', '--skip-smoke');
    expect(liveMap().billing).toEqual(current);
    await page.reload();
    await expect(page.locator('[data-remote="billing"]')).toHaveAttribute('data-remote-version', current.version);
    await expect(page.getByRole('heading', { name: 'Acme, LLC', level: 2 })).toBeVisible();
  } finally {
    if (liveMap().billing?.entry !== current.entry) await deployRemote('billing', '--to', current.version, '--skip-smoke');
    if (variantRoot) rmSync(variantRoot, { recursive: true, force: true });
  }
});
