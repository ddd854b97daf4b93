import type { EndpointTable } from './endpoint';

/** The message centre's saved templates (docs/product/messaging.md#templates): admins only. */
export const templateEndpoints = {
  mailTemplates: { method: 'GET', path: '/sendmail/templates', answer: 'mailTemplateList' },
  saveMailTemplate: { method: 'POST', path: '/sendmail/templates/:name', params: 'templateNameParam', body: 'mailTemplateSave', answer: 'mailTemplate' },
} as const satisfies EndpointTable;
