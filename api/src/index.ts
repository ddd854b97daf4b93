export { createPortalApi } from './create-portal-api';
export type { PortalApiOptions } from './config';
export type { MailTransport, OutgoingMail } from './plugins/mail';
export { newStyleNonce, remoteOriginsFromFile, securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
export type { SecurityHeaderOptions } from './plugins/security-headers';
