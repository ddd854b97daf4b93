import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/** The shell's texts (docs/decisions/0024-message-catalogues.md): English with the code, German loaded for who reads it. */
export const shellMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = shellMessages.useT;
/** A key of the shell's catalogue. */
export type ShellKey = keyof typeof english & string;
