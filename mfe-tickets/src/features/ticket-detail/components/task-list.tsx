import { useState, type FormEvent } from 'react';
import { Button, Checkbox, HStack, IconButton, Input, List, Stack, Text } from '@chakra-ui/react';
import { Pencil, Sparkles, Trash2 } from 'lucide-react';
import type { Task, TicketDetail } from '@portal/contract';
import { errorMessage, useAiStatus, useApiClient, useTaskMutations, useTicketTasks } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { SectionCard } from './section-card';
import { ErrorAlert } from '@portal/ui';

function TaskRow({ task, canEdit, onError }: { task: Task; canEdit: boolean; onError(message: string | null): void }) {
  const { setDone, rename, remove } = useTaskMutations(task.ticket_id);
  const [editing, setEditing] = useState<string | null>(null);
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

  async function saveEdit(event: FormEvent) {
    event.preventDefault();
    if (editing === null || editing.trim() === '') return;
    if (await attempt(() => rename(task.task_id, editing.trim()))) setEditing(null);
  }

  if (editing !== null) {
    return (
      <List.Item>
        <form onSubmit={(event) => void saveEdit(event)}>
          <HStack>
            <Input size="sm" aria-label="Task instruction" value={editing} onChange={(e) => setEditing(e.target.value)} autoFocus />
            <Button size="sm" type="submit" loading={busy}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </HStack>
        </form>
      </List.Item>
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
          <IconButton size="xs" variant="ghost" aria-label={`Edit task ${task.instruction}`} onClick={() => setEditing(task.instruction)}>
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

/** The ticket's checklist: staff add, tick, reword and delete; clients read it. Refreshed every second. */
export function TaskList({ ticket, canEdit }: { ticket: TicketDetail; canEdit: boolean }) {
  const client = useApiClient();
  const { data: tasks, error: loadError } = useTicketTasks(ticket.ticket_id);
  const { add, addMany } = useTaskMutations(ticket.ticket_id);
  const { data: aiStatus } = useAiStatus();
  const [instruction, setInstruction] = useState('');
  const [adding, setAdding] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const aiReady = aiStatus?.tasks === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (instruction.trim() === '') return;
    setAdding(true);
    setError(null);
    try {
      await add(instruction.trim());
      setInstruction('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setAdding(false);
    }
  }

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
              <Input size="sm" aria-label="New task" placeholder="New task" value={instruction} onChange={(e) => setInstruction(e.target.value)} />
              <Button size="sm" type="submit" loading={adding} disabled={instruction.trim() === ''}>
                Add Task
              </Button>
            </HStack>
          </form>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
