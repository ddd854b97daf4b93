import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useMailTemplates, useMessageMutations } from '@portal/api-client';
import { mailTemplateSave, type MailTemplate } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';

interface TemplateName {
  name: string;
}

/** The name as the API takes it: a blank one is 'Enter a template name.', said above the field as before. */
const resolver = formResolver<TemplateName>(mailTemplateSave.pick({ name: true }), MESSAGES.enterTemplateName);

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
  const { register, handleSubmit, reset, formState } = useForm<TemplateName>({ resolver, defaultValues: { name: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { saveTemplate } = useMessageMutations();

  async function save({ name }: TemplateName) {
    setProblem(null);
    try {
      const template = await saveTemplate({ name: name.trim(), subject, message });
      setSaved(`Template "${template.name}" saved.`);
      reset();
    } catch {
      setProblem(MESSAGES.templateSaveFailed);
    }
  }

  const submit = () => {
    setSaved(null);
    void handleSubmit(save, (wrong) => setProblem(wrong.name?.message ?? MESSAGES.enterTemplateName))();
  };

  return (
    <HStack align="end" gap="2" wrap="wrap">
      <Field.Root maxW="xs" invalid={!!formState.errors.name}>
        <Field.Label>Template name</Field.Label>
        <Input size="sm" {...register('name')} />
      </Field.Root>
      <Button size="sm" variant="outline" loading={formState.isSubmitting} onClick={submit}>Save as template</Button>
      <ErrorAlert message={problem} size="sm" />
      {saved ? <Field.HelperText color="fg.success">{saved}</Field.HelperText> : null}
    </HStack>
  );
}
