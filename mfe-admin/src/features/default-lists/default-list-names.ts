import type { DefaultListName } from '@portal/domain';
import type { useT } from '../../messages';

/** A key of the admin catalogue. */
type AdminKey = Parameters<ReturnType<typeof useT>>[0];

export interface DefaultListSpec {
  optionName: DefaultListName;
  /** The catalogue key of the list's name. */
  title: AdminKey;
  withColor: boolean;
}

/**
 * The defaults tab's lists (docs/product/companies-and-contacts.md#default-lists), in its two groups; names are literal
 * catalogue keys (scripts/check-messages.ts finds the keys it uses).
 */
export const DEFAULT_LIST_GROUPS: readonly { title: AdminKey; lists: readonly DefaultListSpec[] }[] = [
  {
    title: 'defaultLists.contactOptions',
    lists: [
      { optionName: 'group-defaults', title: 'defaultLists.groups', withColor: false },
      { optionName: 'mode-defaults', title: 'defaultLists.clientModes', withColor: false },
      { optionName: 'service-defaults', title: 'defaultLists.clientServices', withColor: false },
    ],
  },
  {
    title: 'defaultLists.ticketOptions',
    lists: [
      { optionName: 'priority-defaults', title: 'defaultLists.priorities', withColor: true },
      { optionName: 'type-defaults', title: 'defaultLists.ticketTypes', withColor: false },
      { optionName: 'status-defaults', title: 'defaultLists.statusTypes', withColor: false },
    ],
  },
];
