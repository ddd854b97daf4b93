export { createPortalApi } from './create-portal-api';
export type { PortalApiOptions } from './config';
export { configurationSummary } from './configuration-summary';
export { createLogger } from './plugins/logging';
export type { MailTransport, OutgoingMail } from './plugins/mail';
export { answerWorkersMetricsRequests } from './plugins/cluster-metrics';
export { newStyleNonce, remoteOriginsFromFile, securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
export type { SecurityHeaderOptions } from './plugins/security-headers';
export { drainAndClose, drainDelayMs, RETIRE_MESSAGE, SHUTDOWN_LIMIT_MS, stopGracefully } from './shutdown';
