import { useState } from 'react';
import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useMailTemplates, useMessageMutations } from '@portal/api-client';
import type { MailTemplate } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';

/** The template picker (loads its subject and message). */
export function TemplatePicker({ onPick }: { onPick(template: MailTemplate): void }) {
  const { data: templates } = useMailTemplates();
  return (
    <Field.Root>
      <Field.Label>Template</Field.Label>
      <NativeSelect.Root size="sm" maxW="sm">
        <NativeSelect.Field
          value=""
          onChange={(e) => {
            const picked = templates?.find((template) => String(template.id) === e.currentTarget.value);
            if (picked) onPick(picked);
          }}
        >
          <option value="">{templates && templates.length > 0 ? 'Choose a template…' : 'No templates yet'}</option>
          {(templates ?? []).map((template) => <option key={template.id} value={String(template.id)}>{template.name}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Save the subject and message as a named template ('Enter a template name.', 'Failed to save template.'). */
export function SaveTemplate({ subject, message }: { subject: string; message: string }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { saveTemplate } = useMessageMutations();

  async function save() {
    setSaved(null);
    if (name.trim() === '') {
      setProblem(MESSAGES.enterTemplateName);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const template = await saveTemplate({ name: name.trim(), subject, message });
      setSaved(`Template "${template.name}" saved.`);
      setName('');
    } catch {
      setProblem(MESSAGES.templateSaveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <HStack align="end" gap="2" wrap="wrap">
      <Field.Root maxW="xs">
        <Field.Label>Template name</Field.Label>
        <Input size="sm" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </Field.Root>
      <Button size="sm" variant="outline" loading={busy} onClick={() => void save()}>Save as template</Button>
      <ErrorAlert message={problem} size="sm" />
      {saved ? <Field.HelperText color="fg.success">{saved}</Field.HelperText> : null}
    </HStack>
  );
}
