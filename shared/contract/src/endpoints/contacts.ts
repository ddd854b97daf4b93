import type { EndpointTable } from './endpoint';

/**
 * Contacts (docs/product/companies-and-contacts.md): the staff and agents lists, one contact, adding,
 * changing and deleting one (an agent's pay rate and placements), the note and list preferences, and
 * the mails sent to one contact (an activity note, a message, a password reset).
 */
export const contactEndpoints = {
  contactList: { method: 'GET', path: '/contact', query: 'contactListQuery', answer: 'contactList' },
  createContact: { method: 'POST', path: '/contact', body: 'contactCreate', answer: 'contact', status: 201 },
  deleteContact: { method: 'DELETE', path: '/contact/:id', params: 'idParam', answer: 'contactDeleted' },
  agentPlacements: { method: 'GET', path: '/contact/:id/placements', params: 'idParam', answer: 'agentPlacements' },
  setPayRate: { method: 'PUT', path: '/contact/:id/pay_rate', params: 'idParam', body: 'payRateUpdate', answer: 'agentContact' },
  contact: { method: 'GET', path: '/contact/:id', params: 'idParam', answer: 'contact' },
  updateContact: { method: 'PUT', path: '/contact/:id', params: 'idParam', body: 'contactUpdate', answer: 'contact' },
  saveNotePrefs: { method: 'PUT', path: '/contact/:id/meta/note_prefs', params: 'idParam', body: 'notePrefsUpdate', answer: 'metaEntry', many: true },
  listPrefs: { method: 'GET', path: '/contact/:id/meta/list_prefs', params: 'idParam', answer: 'listPrefs' },
  saveListPrefs: { method: 'PUT', path: '/contact/:id/meta/list_prefs', params: 'idParam', body: 'listPrefs', answer: 'listPrefs' },
  sendActivity: { method: 'POST', path: '/contact/:id/sendactivity', params: 'idParam', body: 'sendActivity', answer: 'okAnswer' },
  mailContact: { method: 'POST', path: '/contact/:id/sendmail', params: 'idParam', body: 'sendMail', answer: 'okAnswer' },
  sendResetCode: { method: 'POST', path: '/contact/:id/sendresetcode', params: 'idParam', answer: 'resetCodeSent' },
  resetCodeLink: { method: 'GET', path: '/contact/:id/sendresetcode', params: 'idParam', answer: 'resetCodeLink' },
} as const satisfies EndpointTable;
