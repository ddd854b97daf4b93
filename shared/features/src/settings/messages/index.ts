import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * The texts of @portal/features' settings widgets (the password and step-up dialogs, account security, type
 * assignments; docs/decisions/0024-message-catalogues.md), loaded by the remotes that show a settings screen.
 */
export const settingsMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = settingsMessages.useT;
