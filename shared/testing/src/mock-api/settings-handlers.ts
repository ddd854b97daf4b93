import { settingsEndpoints as api } from '@portal/contract/endpoints';
import type { PortalData } from './portal-data';
import { answer, mock } from './respond';

/** The settings anyone may read (the kickoff link, the support address), from `db.settings`. */
export function settingsHandlers(db: PortalData) {
  return [mock(api.publicSettings, () => answer(api.publicSettings, db.settings))];
}
