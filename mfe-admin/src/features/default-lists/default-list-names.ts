import {
  DEFAULT_GROUPS, DEFAULT_MODES, DEFAULT_PRIORITIES, DEFAULT_SERVICES, DEFAULT_STATUSES, DEFAULT_TYPES, type DefaultListName, type LookupItem,
} from '@portal/domain';

export interface DefaultListSpec {
  optionName: DefaultListName;
  title: string;
  withColor: boolean;
  fallback: readonly LookupItem[];
}

/** The defaults tab's lists (spec 001 §2 "Admin settings"), in its two groups. */
export const DEFAULT_LIST_GROUPS: readonly { title: string; lists: readonly DefaultListSpec[] }[] = [
  {
    title: 'Contact/Client options',
    lists: [
      { optionName: 'group-defaults', title: 'Groups', withColor: false, fallback: DEFAULT_GROUPS },
      { optionName: 'mode-defaults', title: 'Client Modes', withColor: false, fallback: DEFAULT_MODES },
      { optionName: 'service-defaults', title: 'Client Services', withColor: false, fallback: DEFAULT_SERVICES },
    ],
  },
  {
    title: 'Ticket options',
    lists: [
      { optionName: 'priority-defaults', title: 'Priorities', withColor: true, fallback: DEFAULT_PRIORITIES },
      { optionName: 'type-defaults', title: 'Ticket Types', withColor: false, fallback: DEFAULT_TYPES },
      { optionName: 'status-defaults', title: 'Status Types', withColor: false, fallback: DEFAULT_STATUSES },
    ],
  },
];
