import type { PortalDb } from '../db/connect';
import { createCompanyRepository } from './company-repository';
import { createContactRepository } from './contact-repository';
import { createNotificationRepository } from './notification-repository';
import { createOptionRepository } from './option-repository';
import { createSessionRepository } from './session-repository';
import { createTicketRepository } from './ticket-repository';

export type Repositories = ReturnType<typeof createRepositories>;

export function createRepositories(db: PortalDb) {
  return {
    contacts: createContactRepository(db),
    companies: createCompanyRepository(db),
    tickets: createTicketRepository(db),
    notifications: createNotificationRepository(db),
    options: createOptionRepository(db),
    sessions: createSessionRepository(db),
  };
}
