import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * @portal/features' own texts (docs/decisions/0024-message-catalogues.md): English with the code, German loaded for
 * who reads it. Each remote that renders one of these widgets preloads them in its `ready`, so its first render speaks them.
 */
export const featuresMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = featuresMessages.useT;
