import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { MESSAGE_TOKENS, type RecipientKind } from '@portal/domain';
import { MarkdownEditor } from '@portal/ui';
import { SaveTemplate, TemplatePicker } from './template-controls';

export interface Draft {
  subject: string;
  message: string;
}

/** Subject, template, the markdown message (260 px) with the kind's token buttons, and save as template. */
export function MessageComposer({ kind, draft, onChange }: { kind: RecipientKind; draft: Draft; onChange(next: Draft): void }) {
  // The editor keeps no cursor for others to write at: a token is added at the end of the message.
  const addToken = (token: string) => {
    const glue = draft.message === '' || /\s$/.test(draft.message) ? '' : ' ';
    onChange({ ...draft, message: `${draft.message}${glue}{{${token}}}` });
  };
  return (
    <Stack gap="3">
      <TemplatePicker onPick={(template) => onChange({ subject: template.subject, message: template.message })} />
      <Field.Root required>
        <Field.Label>Subject</Field.Label>
        <Input value={draft.subject} onChange={(e) => onChange({ ...draft, subject: e.currentTarget.value })} />
      </Field.Root>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="semibold">Tokens</Text>
        <Flex gap="2" wrap="wrap" role="group" aria-label="Tokens">
          {MESSAGE_TOKENS[kind].map((token) => (
            <Button key={token} size="xs" variant="outline" onClick={() => addToken(token)}>{`{{${token}}}`}</Button>
          ))}
        </Flex>
      </Stack>
      <MarkdownEditor label="Message" height={260} value={draft.message} onChange={(message) => onChange({ ...draft, message })} />
      <SaveTemplate subject={draft.subject} message={draft.message} />
    </Stack>
  );
}
