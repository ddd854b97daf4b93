import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/** The dashboards remote's texts (docs/decisions/0024-message-catalogues.md): English with the code, German loaded for who reads it. */
export const dashboardsMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = dashboardsMessages.useT;
