import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * The texts of plan hours (docs/product/hour-banks.md; docs/decisions/0024-message-catalogues.md): the ticket page
 * loads them with the plan-hours card, only for a company with plan hours.
 */
export const hourBankMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = hourBankMessages.useT;
