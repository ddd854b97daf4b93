export { createPortalApi } from './create-portal-api';
export type { PortalApiOptions } from './config';
export type { MailTransport, OutgoingMail } from './plugins/mail';
