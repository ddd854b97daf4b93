import { useMessageText } from '@portal/i18n/message-text';
import { PASSKEY_ALREADY_ADDED, PASSKEY_CANCELLED, PASSKEY_UNSUPPORTED } from '../lib/webauthn';
import { useT } from './index';

type AuthKey = Parameters<ReturnType<typeof useT>>[0];

/** This remote's own fixed texts, which its code keeps in English (tests and callers compare them), by their key. */
const OWN_TEXTS: Readonly<Record<string, AuthKey>> = {
  [PASSKEY_CANCELLED]: 'passkey.cancelled',
  [PASSKEY_ALREADY_ADDED]: 'passkey.alreadyAdded',
  [PASSKEY_UNSUPPORTED]: 'passkey.unsupported',
  'Enter the code first.': 'secondFactor.enterCode',
  'Give the passkey a name, such as the device it is on.': 'passkeys.nameMissing',
};

/**
 * A message to show (an API error, one of the product's MESSAGES, or one of this remote's own) in the
 * person's language; null stays null. Errors are kept in English in state and translated as they show,
 * so a language chosen meanwhile applies to them too.
 */
export function useShownText(): <M extends string | null>(message: M) => M {
  const t = useT();
  const text = useMessageText();
  return <M extends string | null>(message: M): M => {
    if (message === null) return message;
    const own = OWN_TEXTS[message];
    return (own ? t(own) : text(message)) as M;
  };
}
