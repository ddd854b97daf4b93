import { remoteAppList, type RemoteApp } from '@portal/contract/remotes';
import remotesJson from '@portal/build-config/remotes.json';

/** The one list of remotes (name, folder, dev port, the routes each owns), checked once at start. */
export const REMOTE_APPS: readonly RemoteApp[] = remoteAppList.parse(remotesJson);
