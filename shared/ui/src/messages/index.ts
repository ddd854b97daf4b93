import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * @portal/ui's own texts (docs/decisions/0024-message-catalogues.md): English with the code, German loaded for who
 * reads it. The shell preloads them before its first render, so every remote's screens find them.
 */
export const uiMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = uiMessages.useT;
