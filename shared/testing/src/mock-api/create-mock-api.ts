import type { RequestHandler } from 'msw';
import { adminHandlers } from './admin-handlers';
import { auditHandlers } from './audit-handlers';
import { authHandlers } from './auth-handlers';
import { billingHandlers } from './billing-handlers';
import { companyHandlers } from './company-handlers';
import { companyProfileHandlers } from './company-profile-handlers';
import { contactHandlers } from './contact-handlers';
import { createPortalData, type PortalData } from './portal-data';
import { ticketHandlers } from './ticket-handlers';

export interface MockApi {
  /** The in-memory portal: writes change it; a test may read or change it between steps. */
  db: PortalData;
  /** MSW handlers for every route the api-client calls, answering from `db` with contract-checked bodies. */
  handlers: RequestHandler[];
}

/** The portal API over an in-memory portal seeded with `seed` (see createPortalData for the defaults). */
export function createMockApi(seed: Partial<PortalData> = {}): MockApi {
  const db = createPortalData(seed);
  return { db, handlers: portalHandlers(db) };
}

/** The handlers alone, for a test that builds its own server or data. */
export function portalHandlers(db: PortalData): RequestHandler[] {
  // The admin handlers come first: GET /company?include=primary and /contact?group=agents fall through otherwise.
  // /ticket/bulk comes before /ticket/:id, and /company/search before /company/:id, which would otherwise take them.
  // The billing handlers come first too: /company/-1/invoiceitems/:offset before /company/:id/invoiceitems/:offset.
  return [...billingHandlers(db), ...adminHandlers(db), ...authHandlers(db), ...companyProfileHandlers(db), ...companyHandlers(db), ...contactHandlers(db), ...ticketHandlers(db), ...auditHandlers(db)];
}
