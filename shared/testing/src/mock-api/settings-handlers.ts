import { http } from 'msw';
import { publicSettings } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, reply } from './respond';

/** The settings anyone may read (the kickoff link, the support address), from `db.settings`. */
export function settingsHandlers(db: PortalData) {
  return [http.get(apiRoute('/settings/public'), () => reply(publicSettings, db.settings))];
}
