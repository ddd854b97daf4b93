import { API_TOKEN_MESSAGES } from './api-tokens';
import { SECURITY_MESSAGES } from './account-security';
import { EXPORT_MESSAGES } from './exports';
import { FOLLOWER_MESSAGES } from './followers';
import { HOUR_BANK_MESSAGES } from './hour-bank';
import { INBOUND_MESSAGES } from './inbound-tickets';
import { MAIL_IN_REASONS } from './mail-in';
import { MAINTENANCE_SCHEDULE_MESSAGES } from './maintenance-schedule';
import { STATEMENT_MESSAGES } from './statement';
import { STEP_UP_MESSAGES } from './step-up';
import { WEBHOOK_MESSAGES } from './webhooks';

/**
 * The fixed texts a feature keeps beside its rules (`…_MESSAGES`): their plain strings are the product's fixed texts
 * as much as message-catalogue.ts's, translated by the same tables (shared/domain/src/message-translations), so the
 * API answers them in the caller's language. `scripts/check-messages.ts` holds each table to them; nothing else
 * imports this file (a bundle keeps only the groups its code reads).
 */
const FEATURE_MESSAGES: readonly Readonly<Record<string, unknown>>[] = [
  API_TOKEN_MESSAGES, EXPORT_MESSAGES, FOLLOWER_MESSAGES, HOUR_BANK_MESSAGES, INBOUND_MESSAGES, MAIL_IN_REASONS, MAINTENANCE_SCHEDULE_MESSAGES,
  SECURITY_MESSAGES, STATEMENT_MESSAGES, STEP_UP_MESSAGES, WEBHOOK_MESSAGES,
];

/** Every plain string of the feature groups (a message built from values is a function: not a fixed text). */
export const featureFixedTexts = (): string[] =>
  FEATURE_MESSAGES.flatMap((group) => Object.values(group).filter((value): value is string => typeof value === 'string'));
