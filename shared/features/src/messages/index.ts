import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * The texts of @portal/features' ticket-work widgets (time entries, who sees a note, saved replies;
 * docs/decisions/0024-message-catalogues.md): English with the code, German loaded for who reads it. Each remote that
 * renders one preloads them in its `ready`, so its first render speaks them. The settings widgets (settings/messages)
 * and plan hours (hour-bank/messages) keep catalogues of their own, so the ticket page carries none of their texts.
 */
export const featuresMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = featuresMessages.useT;
