import { deployRemote } from './lib/deploy.js';
import { isRemoteApp, REMOTE_NAMES, runtimeLayout } from './lib/paths.js';

async function main(): Promise<void> {
  const name = process.argv[2] ?? '';
  if (!isRemoteApp(name)) {
    console.error(`Usage: npm run deploy-remote -- <${REMOTE_NAMES.join('|')}>`);
    process.exit(2);
  }
  const layout = runtimeLayout();
  const result = await deployRemote(name, layout);
  console.log(`Deployed ${name} ${result.version} in ${result.ms} ms`);
  console.log(`  ${layout.remotesMapPath}: ${name} -> ${result.entry.entry}`);
  for (const warning of result.warnings) console.warn(`  warning: ${warning}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
