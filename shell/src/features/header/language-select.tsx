import { useState } from 'react';
import { Box, NativeSelect, Text } from '@chakra-ui/react';
import { errorMessage, useContactMutations } from '@portal/api-client';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { uiMessages } from '@portal/ui';
import { shellMessages, useT } from '../../messages';

/**
 * A signed-in person's language (docs/product/languages.md#a-persons-language): English or Deutsch, each named in
 * itself. The API stores it first (PUT /contact/:id); only then, with the shell's and the kit's texts in that language
 * loaded, do the screens switch, without a reload. A refusal says so and switches nothing.
 */
export function LanguageSelect({ inMenu = false }: { inMenu?: boolean }) {
  const t = useT();
  const messageText = useMessageText();
  const language = useSession((s) => s.language);
  const contactId = useSession((s) => s.contact?.contact_id);
  const { update } = useContactMutations();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: Language) {
    if (!contactId || next === language) return;
    setSaving(true);
    setError(null);
    try {
      await update(contactId, { language: next });
      await Promise.all([shellMessages.preload(next), uiMessages.preload(next)]);
      const session = useSession.getState();
      if (session.contact?.contact_id === contactId) session.setContact({ ...session.contact, language: next });
      session.setLanguage(next);
    } catch (failure) {
      setError(errorMessage(failure, t('header.languageNotChanged')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box position="relative" flexShrink={0}>
      <NativeSelect.Root size="sm" width={inMenu ? 'full' : '8rem'} disabled={saving}>
        <NativeSelect.Field
          aria-label={t('header.language')}
          value={isLanguage(language) ? language : 'en'}
          onChange={(event) => {
            if (isLanguage(event.target.value)) void choose(event.target.value);
          }}
          {...(inMenu ? {} : { bg: 'transparent', color: 'inherit', borderColor: 'whiteAlpha.600', css: { '& option': { color: 'black' } } })}
        >
          {LANGUAGES.map((each) => (
            <option key={each} value={each} lang={each}>
              {LANGUAGE_NAMES[each]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator color={inMenu ? undefined : 'inherit'} />
      </NativeSelect.Root>
      {error ? (
        <Text
          role="alert"
          fontSize="sm"
          {...(inMenu ? { color: 'fg.error', mt: '1' } : {
            position: 'absolute', top: '100%', right: '0', mt: '1', w: '16rem', p: '2', rounded: 'md', bg: 'bg.panel', color: 'fg.error', shadow: 'md', zIndex: 'dropdown',
          })}
        >
          {messageText(error)}
        </Text>
      ) : null}
    </Box>
  );
}
