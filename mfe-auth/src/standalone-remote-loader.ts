import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRemotesMap } from '@portal/contract';
import type { LoadRemoteModule } from '@portal/ui';

// Standalone development only: the dev server proxies /remotes.json and /remotes/* to the running
// portal (PORTAL_API_URL), so this remote can embed the others the portal has deployed.
let registration: Promise<ReadonlySet<string>> | null = null;

async function registerFromPortal(): Promise<ReadonlySet<string>> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  // Every remote but this one (its build-time name, from shared/build-config).
  const remotes = Object.entries(parseRemotesMap(await response.json()))
    .filter(([name]) => name !== process.env.REMOTE_NAME)
    .map(([name, value]) => ({ name, entry: value.entry }));
  registerRemotes(remotes);
  return new Set(remotes.map((remote) => remote.name));
}

export const loadFromPortal: LoadRemoteModule = async (remote, exposed) => {
  registration ??= registerFromPortal().catch((error: unknown) => {
    registration = null;
    throw error;
  });
  const known = await registration;
  if (!known.has(remote)) throw new Error(`The "${remote}" part of the portal is not deployed.`);
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`The "${remote}" remote did not answer ${exposed}.`);
  return module;
};
