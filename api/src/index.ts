export { createPortalApi } from './create-portal-api';
export type { PortalApiOptions } from './config';
export type { Mailer, MailMessage } from './plugins/mail';
