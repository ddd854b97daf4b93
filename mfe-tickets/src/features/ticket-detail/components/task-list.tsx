import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Checkbox, HStack, IconButton, Input, List, Stack, Text } from '@chakra-ui/react';
import { Pencil, Sparkles, Trash2 } from 'lucide-react';
import { taskCreate, type Task, type TicketDetail } from '@portal/contract';
import { errorMessage, useAiStatus, useApiClient, useTaskMutations, useTicketTasks } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { SectionCard } from './section-card';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';

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
          <IconButton size="xs" variant="ghost" aria-label={`Edit task ${task.instruction}`} onClick={() => setEditing(true)}>
            <Pencil />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Delete task ${task.instruction}`}
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
  return (
    <List.Item>
      <form onSubmit={(event) => void handleSubmit((values) => onSave(values.instruction.trim()))(event)}>
        <HStack>
          <Input size="sm" aria-label="Task instruction" {...register('instruction')} autoFocus />
          <Button size="sm" type="submit" loading={busy}>
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
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
      title="Tasks"
      actions={
        canEdit ? (
          <Stack gap="0" align="end">
            <Button
              size="xs"
              variant="outline"
              onClick={() => void generate()}
              disabled={!aiReady}
              loading={generating}
              title={aiReady ? undefined : MESSAGES.serviceNotConnected}
            >
              <Sparkles /> Generate tasks
            </Button>
            {aiReady ? null : (
              <Text fontSize="xs" color="fg.muted">
                {MESSAGES.serviceNotConnected}
              </Text>
            )}
          </Stack>
        ) : null
      }
    >
      <Stack gap="3">
        <ErrorAlert message={error ?? (loadError && !tasks ? errorMessage(loadError) : null)} />
        {tasks && tasks.length > 0 ? (
          <List.Root gap="2" variant="plain" aria-label="Task list">
            {tasks.map((task) => (
              <TaskRow key={task.task_id} task={task} canEdit={canEdit} onError={setError} />
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No tasks yet.
          </Text>
        )}
        {canEdit ? (
          <form onSubmit={(event) => void submit(event)}>
            <HStack>
              <Input size="sm" aria-label="New task" placeholder="New task" {...register('instruction')} />
              <Button size="sm" type="submit" loading={formState.isSubmitting} disabled={blank}>
                Add Task
              </Button>
            </HStack>
          </form>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
