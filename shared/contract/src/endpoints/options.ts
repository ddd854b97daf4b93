import type { EndpointTable } from './endpoint';

/** Options: the lookup lists and settings stored by name; read (anyone signed in), save (admins), and how many records use each id of a default list (admins). */
export const optionEndpoints = {
  option: { method: 'GET', path: '/options/:name', params: 'nameParam', answer: 'option' },
  saveOption: { method: 'POST', path: '/options', body: 'optionSave', answer: 'option' },
  optionUsage: { method: 'GET', path: '/options/:name/usage', params: 'defaultListNameParam', answer: 'optionUsage' },
} as const satisfies EndpointTable;
