import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPortalApi } from '@portal/api';
import { appDir, devPortOf, REMOTE_NAMES, type RemoteApp } from './lib/paths.js';

const require = createRequire(import.meta.url);
const rspackCli = path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin', 'rspack.js');

// Ports come from shared/build-config/remotes.json (the shell's is 3000); the shell's dev server maps the remotes to them.
const DEV_SERVERS: { app: RemoteApp | 'shell'; port: number }[] = [
  { app: 'shell', port: 3000 },
  ...REMOTE_NAMES.map((app) => ({ app, port: devPortOf(app) })),
];

async function main(): Promise<void> {
  const apiPort = Number(process.env.PORT ?? 8080);
  const env: NodeJS.ProcessEnv = { ...process.env, PORTAL_API_URL: `http://localhost:${apiPort}` };
  // Plain Node, not tsx: see lib/build-worker.mjs.
  delete env.NODE_OPTIONS;

  const children: ChildProcess[] = DEV_SERVERS.map(({ app }) =>
    spawn(process.execPath, [rspackCli, 'serve', '--mode', 'development'], { cwd: appDir(app), env, stdio: 'inherit' }),
  );
  // The dev servers' pages write to the API through their proxies: their origins are the portal's too (docs/architecture.md#security).
  const allowedOrigins = DEV_SERVERS.flatMap(({ port }) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  const app = await createPortalApi({ seedDemo: true, allowedOrigins });
  await app.listen({ port: apiPort, host: '127.0.0.1' });

  console.log(`\nAPI on http://localhost:${apiPort}; portal (dev) on http://localhost:3000`);
  for (const { app: name, port } of DEV_SERVERS.slice(1)) console.log(`  ${name} standalone: http://localhost:${port}`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    void app.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (const child of children) child.once('exit', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
