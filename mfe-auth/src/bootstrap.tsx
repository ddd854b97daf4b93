import { mountStandalone } from '@portal/ui';
import { RemoteRoutes } from './routes';
import { loadFromPortal } from './standalone-remote-loader';

// Standalone development only (`npm run dev -w mfe-auth`); in the portal the shell mounts RemoteRoutes.
// The registration wizard's embedded companies forms load from the running portal's deployed remotes.
mountStandalone(<RemoteRoutes />, { loadRemote: loadFromPortal });
