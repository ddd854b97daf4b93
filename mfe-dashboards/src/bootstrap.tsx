import { mountStandalone } from '@portal/ui';
import { RemoteRoutes } from './routes';
import { loadFromPortal } from './standalone-remote-loader';

// Standalone development only (`npm run dev -w mfe-dashboards`); in the portal the shell mounts RemoteRoutes.
// The embedded tickets form loads from the running portal's deployed remotes.
mountStandalone(<RemoteRoutes />, { loadRemote: loadFromPortal });
