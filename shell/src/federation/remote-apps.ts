import type { RemoteApp } from '@portal/contract/remotes';
import remotesJson from '@portal/build-config/remotes.json';

/**
 * The one list of remotes (name, folder, dev port, the routes each owns). Checked against its schema where it
 * is built from (server/lib/paths.ts: every build and deploy) and in remote-apps.test.ts, not here: the schema
 * library would be part of the sign-in page's JavaScript.
 */
export const REMOTE_APPS: readonly RemoteApp[] = remotesJson as RemoteApp[];
