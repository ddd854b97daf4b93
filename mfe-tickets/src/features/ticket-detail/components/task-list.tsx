import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Checkbox, HStack, IconButton, Input, List, Stack, Text } from '@chakra-ui/react';
import { Pencil, Sparkles, Trash2 } from 'lucide-react';
import { taskCreate, type Task, type TicketDetail } from '@portal/contract';
import { errorMessage, useAiStatus, useApiClient, useTaskMutations, useTicketTasks } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { SectionCard } from './section-card';
import { formResolver } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

interface TaskText {
  instruction: string;
}

/** An instruction as the API takes it (not blank); a blank one is not sent, and nothing is said. */
const resolver = formResolver<TaskText>(taskCreate.pick({ instruction: true }), MESSAGES.fillAllFields);

function TaskRow({ task, canEdit, onError }: { task: Task; canEdit: boolean; onError(message: string | null): void }) {
  const { setDone, rename, remove } = useTaskMutations(task.ticket_id);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const done = task.date_completed !== null;
  const t = useT();

  async function attempt(work: () => Promise<unknown>) {
    setBusy(true);
    onError(null);
    try {
      await work();
      return true;
    } catch (error) {
      onError(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <TaskEditForm
        instruction={task.instruction}
        busy={busy}
        onSave={async (instruction) => {
          if (await attempt(() => rename(task.task_id, instruction))) setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }

  return (
    <List.Item display="flex" alignItems="center" gap="2">
      <Checkbox.Root
        size="sm"
        checked={done}
        disabled={!canEdit || busy}
        onCheckedChange={({ checked }) => void attempt(() => setDone(task.task_id, checked === true))}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label textDecoration={done ? 'line-through' : undefined} color={done ? 'fg.muted' : undefined}>
          {task.instruction}
        </Checkbox.Label>
      </Checkbox.Root>
      {canEdit ? (
        <HStack gap="0" ms="auto">
          <IconButton size="xs" variant="ghost" aria-label={t('tasks.editTask', { task: task.instruction })} onClick={() => setEditing(true)}>
            <Pencil />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t('tasks.deleteTask', { task: task.instruction })}
            onClick={() => void attempt(() => remove(task.task_id))}
            disabled={busy}
          >
            <Trash2 />
          </IconButton>
        </HStack>
      ) : null}
    </List.Item>
  );
}

/** A task reworded in place, starting from its instruction. */
function TaskEditForm({ instruction, busy, onSave, onCancel }: {
  instruction: string;
  busy: boolean;
  onSave(instruction: string): Promise<void>;
  onCancel(): void;
}) {
  const { register, handleSubmit } = useForm<TaskText>({ resolver, defaultValues: { instruction } });
  const t = useT();
  return (
    <List.Item>
      <form onSubmit={(event) => void handleSubmit((values) => onSave(values.instruction.trim()))(event)}>
        <HStack>
          <Input size="sm" aria-label={t('tasks.instruction')} {...register('instruction')} autoFocus />
          <Button size="sm" type="submit" loading={busy}>
            {t('tasks.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('tasks.cancel')}
          </Button>
        </HStack>
      </form>
    </List.Item>
  );
}

/** The ticket's checklist: staff add, tick, reword and delete; clients read it. Refreshed every second. */
export function TaskList({ ticket, canEdit }: { ticket: TicketDetail; canEdit: boolean }) {
  const client = useApiClient();
  const { data: tasks, error: loadError } = useTicketTasks(ticket.ticket_id);
  const { add, addMany } = useTaskMutations(ticket.ticket_id);
  const { data: aiStatus } = useAiStatus();
  const { register, handleSubmit, reset, watch, formState } = useForm<TaskText>({ resolver, defaultValues: { instruction: '' } });
  const blank = watch('instruction').trim() === '';
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const aiReady = aiStatus?.tasks === true;
  const t = useT();
  const messageText = useMessageText();

  const submit = handleSubmit(async ({ instruction }) => {
    setError(null);
    try {
      await add(instruction.trim());
      reset();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  async function generate() {
    setGenerating(true);
    setError(null);
    try {
      const drafted = await client.ai.tasks({ title: ticket.title, description: ticket.description });
      await addMany(drafted);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setGenerating(false);
    }
  }

  return (
    <SectionCard
      title={t('tasks.heading')}
      actions={
        canEdit ? (
          <Stack gap="0" align="end">
            <Button
              size="xs"
              variant="outline"
              onClick={() => void generate()}
              disabled={!aiReady}
              loading={generating}
              title={aiReady ? undefined : messageText(MESSAGES.serviceNotConnected)}
            >
              <Sparkles /> {t('tasks.generate')}
            </Button>
            {aiReady ? null : (
              <Text fontSize="xs" color="fg.muted">
                {messageText(MESSAGES.serviceNotConnected)}
              </Text>
            )}
          </Stack>
        ) : null
      }
    >
      <Stack gap="3">
        <ErrorAlert message={error ?? (loadError && !tasks ? errorMessage(loadError) : null)} />
        {tasks && tasks.length > 0 ? (
          <List.Root gap="2" variant="plain" aria-label={t('tasks.list')}>
            {tasks.map((task) => (
              <TaskRow key={task.task_id} task={task} canEdit={canEdit} onError={setError} />
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {t('tasks.none')}
          </Text>
        )}
        {canEdit ? (
          <form onSubmit={(event) => void submit(event)}>
            <HStack>
              <Input size="sm" aria-label={t('tasks.new')} placeholder={t('tasks.new')} {...register('instruction')} />
              <Button size="sm" type="submit" loading={formState.isSubmitting} disabled={blank}>
                {t('tasks.add')}
              </Button>
            </HStack>
          </form>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
