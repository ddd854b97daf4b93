import { useRef } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { MESSAGE_TOKENS, type RecipientKind } from '@portal/domain';
import { MarkdownEditor, type MarkdownEditorHandle } from '@portal/ui';
import { useT } from '../../messages';
import { SaveTemplate, TemplatePicker } from './template-controls';

export interface Draft {
  subject: string;
  message: string;
}

/** Subject, template, the markdown message (260 px) with the kind's token buttons, and save as template. */
export function MessageComposer({ kind, form }: { kind: RecipientKind; form: UseFormReturn<Draft> }) {
  const t = useT();
  const { control, register, setValue, watch } = form;
  const { field: message } = useController({ control, name: 'message' });
  const editor = useRef<MarkdownEditorHandle>(null);
  // A token goes where the cursor is in the message, in place of a selection (docs/product/messaging.md#tokens); the
  // editor (or the text area standing in for it until it loads) keeps its cursor while the button has the focus. Until
  // someone has been in the message, it goes at the end.
  const addToken = (token: string) => {
    if (editor.current) {
      editor.current.insertText(`{{${token}}}`);
      return;
    }
    message.onChange(`${message.value}{{${token}}}`);
  };
  return (
    <Stack gap="3">
      <TemplatePicker
        onPick={(template) => {
          setValue('subject', template.subject);
          message.onChange(template.message);
        }}
      />
      <Field.Root required>
        <Field.Label>{t('messageCentre.subject')}</Field.Label>
        <Input {...register('subject')} />
      </Field.Root>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="semibold">{t('messageCentre.tokens')}</Text>
        <Flex gap="2" wrap="wrap" role="group" aria-label={t('messageCentre.tokens')}>
          {MESSAGE_TOKENS[kind].map((token) => (
            <Button key={token} size="xs" variant="outline" onClick={() => addToken(token)}>{`{{${token}}}`}</Button>
          ))}
        </Flex>
      </Stack>
      <MarkdownEditor label={t('messageCentre.message')} height={260} value={message.value} onChange={message.onChange} onBlur={message.onBlur} editorRef={editor} />
      <SaveTemplate subject={watch('subject')} message={message.value} />
    </Stack>
  );
}
