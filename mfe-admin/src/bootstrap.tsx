import { mountStandalone } from '@portal/features';
import { RemoteRoutes } from './routes';

// Standalone development only (`npm run dev -w mfe-admin`); in the portal the shell mounts RemoteRoutes.
mountStandalone(<RemoteRoutes />);
