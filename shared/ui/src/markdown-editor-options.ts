// The editor's choices, apart from CodeMirror: the toolbar shown before the editor has loaded needs them too.

/** The table picker offers up to 6 by 6 (docs/product/tickets.md#markdown-editor). */
export const TABLE_MAX = 6;

/** Tab options: 1 tab, 2, 4 or 8 spaces (docs/product/tickets.md#markdown-editor). */
export const TAB_OPTIONS = [
  { value: 'tab', label: '1 tab', unit: '\t', size: 4 },
  { value: '2', label: '2 spaces', unit: '  ', size: 2 },
  { value: '4', label: '4 spaces', unit: '    ', size: 4 },
  { value: '8', label: '8 spaces', unit: '        ', size: 8 },
] as const;
export type TabOption = (typeof TAB_OPTIONS)[number]['value'];

/** The formatting buttons, by name (each its own command in markdown-editor-commands.ts). */
export const FORMATTING_TOOLS = ['Bold', 'Italic', 'Heading', 'Link', 'List', 'Code'] as const;
export type FormattingTool = (typeof FORMATTING_TOOLS)[number];
