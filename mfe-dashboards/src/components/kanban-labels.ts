import type { KanbanColumnKey } from '@portal/domain';

/** The kanban's columns by name (KANBAN_COLUMNS of @portal/domain names them in English), as keys of the catalogue. */
export const KANBAN_COLUMN_LABELS = {
  backlog: 'kanban.backlog',
  assigned: 'kanban.assigned',
  inProgress: 'kanban.inProgress',
  testing: 'kanban.testing',
} as const satisfies Record<KanbanColumnKey, string>;
