import type { Company } from '@portal/contract';
import { canSeeCompanyNote, type Viewer } from '@portal/domain';

/** The staff note of a company is for staff only (docs/product/accounts-and-roles.md#permissions). */
export function presentCompany<T extends Company>(viewer: Viewer, record: T): T {
  return canSeeCompanyNote(viewer) ? record : { ...record, note: null };
}
