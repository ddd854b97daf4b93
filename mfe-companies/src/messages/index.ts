import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/** The companies remote's texts (docs/decisions/0024-message-catalogues.md): English with the code, German loaded for who reads it. */
export const companiesMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = companiesMessages.useT;
