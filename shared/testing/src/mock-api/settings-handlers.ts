import { settingsEndpoints as api } from '@portal/contract/endpoints';
import { mockLocale } from './option-handlers';
import type { PortalData } from './portal-data';
import { answer, mock } from './respond';

/**
 * The settings anyone may read (the kickoff link, the support address), from `db.settings`; the portal's
 * language and currency from the option `locale` unless `db.settings` names them.
 */
export function settingsHandlers(db: PortalData) {
  return [mock(api.publicSettings, () => answer(api.publicSettings, { ...mockLocale(db), ...db.settings }))];
}
