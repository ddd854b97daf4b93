import type { DefaultListName } from '@portal/domain';

export interface DefaultListSpec {
  optionName: DefaultListName;
  title: string;
  withColor: boolean;
}

/** The defaults tab's lists (docs/product/companies-and-contacts.md#default-lists), in its two groups. */
export const DEFAULT_LIST_GROUPS: readonly { title: string; lists: readonly DefaultListSpec[] }[] = [
  {
    title: 'Contact/Client options',
    lists: [
      { optionName: 'group-defaults', title: 'Groups', withColor: false },
      { optionName: 'mode-defaults', title: 'Client Modes', withColor: false },
      { optionName: 'service-defaults', title: 'Client Services', withColor: false },
    ],
  },
  {
    title: 'Ticket options',
    lists: [
      { optionName: 'priority-defaults', title: 'Priorities', withColor: true },
      { optionName: 'type-defaults', title: 'Ticket Types', withColor: false },
      { optionName: 'status-defaults', title: 'Status Types', withColor: false },
    ],
  },
];
