import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useMailTemplates, useMessageMutations } from '@portal/api-client';
import { mailTemplateSave, type MailTemplate } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

interface TemplateName {
  name: string;
}

/** The name as the API takes it: a blank one is 'Enter a template name.', said above the field as before. */
const resolver = formResolver<TemplateName>(mailTemplateSave.pick({ name: true }), MESSAGES.enterTemplateName);

/** The template picker (loads its subject and message). */
export function TemplatePicker({ onPick }: { onPick(template: MailTemplate): void }) {
  const t = useT();
  const { data: templates } = useMailTemplates();
  return (
    <Field.Root>
      <Field.Label>{t('messageCentre.template')}</Field.Label>
      <NativeSelect.Root size="sm" maxW="sm">
        <NativeSelect.Field
          value=""
          onChange={(e) => {
            const picked = templates?.find((template) => String(template.id) === e.currentTarget.value);
            if (picked) onPick(picked);
          }}
        >
          <option value="">{templates && templates.length > 0 ? t('messageCentre.chooseTemplate') : t('messageCentre.noTemplates')}</option>
          {(templates ?? []).map((template) => <option key={template.id} value={String(template.id)}>{template.name}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Save the subject and message as a named template ('Enter a template name.', 'Failed to save template.'). */
export function SaveTemplate({ subject, message }: { subject: string; message: string }) {
  const t = useT();
  const { register, handleSubmit, reset, formState } = useForm<TemplateName>({ resolver, defaultValues: { name: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  /** The name of the template just saved. */
  const [saved, setSaved] = useState<string | null>(null);
  const { saveTemplate } = useMessageMutations();

  async function save({ name }: TemplateName) {
    setProblem(null);
    try {
      const template = await saveTemplate({ name: name.trim(), subject, message });
      setSaved(template.name);
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
        <Field.Label>{t('messageCentre.templateName')}</Field.Label>
        <Input size="sm" {...register('name')} />
      </Field.Root>
      <Button size="sm" variant="outline" loading={formState.isSubmitting} onClick={submit}>{t('messageCentre.saveTemplate')}</Button>
      <ErrorAlert message={problem} size="sm" />
      {/* Beside the field, not in its Field.Root: a Field.HelperText here threw (no field context) once a template was saved. */}
      {saved !== null ? <Text fontSize="sm" color="fg.success">{t('messageCentre.templateSaved', { name: saved })}</Text> : null}
    </HStack>
  );
}
