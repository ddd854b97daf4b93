import { useId } from 'react';
import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@portal/domain';
import { useSession } from '@portal/session';
import { authMessages, useT } from '../messages';

/**
 * The language of the signed-out pages (login, registration, forgot password): each language named in
 * itself. The page switches at once; its catalogue arrives as a chunk of its own the first time.
 */
export function LanguagePicker() {
  const t = useT();
  const id = useId();
  const language = useSession((s) => s.language);
  return (
    <HStack justify="center" gap="2" mt="4" fontSize="sm" data-language-picker="">
      <Text asChild color="fg.muted">
        <label htmlFor={id}>{t('language.label')}</label>
      </Text>
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field
          id={id}
          value={isLanguage(language) ? language : 'en'}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (!isLanguage(next)) return;
            void authMessages.preload(next);
            useSession.getState().setLanguage(next);
          }}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
