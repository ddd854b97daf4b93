import { useState, type ComponentProps, type ReactNode } from 'react';
import { Box, Button, Grid, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { Bold, Code, Heading, Italic, Link, List, Table } from 'lucide-react';
import { FORMATTING_TOOLS, TABLE_MAX, TAB_OPTIONS, type FormattingTool, type TabOption } from './markdown-editor-options';
import { useT } from './messages';

const ICONS: Record<FormattingTool, ReactNode> = {
  Bold: <Bold />, Italic: <Italic />, Heading: <Heading />, Link: <Link />, List: <List />, Code: <Code />,
};

/** WCAG 2.1.2: Tab indents inside the editor, so the way out is told (CodeMirror's Escape, then Tab); screen readers only. */
export function EditorHint({ id }: { id: string }) {
  const t = useT();
  return (
    <Text id={id} srOnly>
      {t('editor.hint')}
    </Text>
  );
}

/** Each formatting button's name (the tool's own name in English). */
const TOOL_NAMES = {
  Bold: 'editor.bold', Italic: 'editor.italic', Heading: 'editor.heading', Link: 'editor.link', List: 'editor.list', Code: 'editor.code',
} as const satisfies Record<FormattingTool, string>;

/**
 * The editor's box: as wide as its container, like the inputs beside it (a Field lines its parts up at the
 * start, where an editor would only be as wide as its text).
 */
export function MarkdownEditorFrame({ invalid, disabled, ...rest }: { invalid: boolean; disabled: boolean } & ComponentProps<typeof Box>) {
  return (
    <Box
      width="full"
      alignSelf="stretch"
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="md"
      bg={disabled ? 'bg.muted' : 'bg'}
      position="relative"
      data-invalid={invalid ? '' : undefined}
      {...rest}
    />
  );
}

export interface MarkdownToolbarProps {
  /** The editor's accessible name: the toolbar is "<label> formatting". */
  label: string;
  disabled: boolean;
  tabOption: TabOption;
  onTool(tool: FormattingTool): void;
  onTab(option: TabOption): void;
  onTable(rows: number, columns: number): void;
}

/**
 * The markdown editor's toolbar: the formatting buttons, the table picker up to 6 x 6 and the tab options
 * (docs/product/tickets.md#markdown-editor). Apart from CodeMirror, so the editor's stand-in shows the same one.
 */
export function MarkdownToolbar({ label, disabled, tabOption, onTool, onTab, onTable }: MarkdownToolbarProps) {
  const [tablePickerOpen, setTablePickerOpen] = useState(false);
  const [hovered, setHovered] = useState<[number, number]>([0, 0]);
  const t = useT();

  return (
    <>
      <HStack role="toolbar" aria-label={t('editor.toolbar', { label })} gap="1" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
        {FORMATTING_TOOLS.map((tool) => (
          <IconButton key={tool} aria-label={t(TOOL_NAMES[tool])} title={t(TOOL_NAMES[tool])} size="xs" variant="ghost" onClick={() => onTool(tool)} disabled={disabled}>
            {ICONS[tool]}
          </IconButton>
        ))}
        <IconButton
          aria-label={t('editor.insertTable')}
          title={t('editor.insertTable')}
          size="xs"
          variant={tablePickerOpen ? 'subtle' : 'ghost'}
          aria-expanded={tablePickerOpen}
          onClick={() => setTablePickerOpen((open) => !open)}
          disabled={disabled}
        >
          <Table />
        </IconButton>
        <NativeSelect.Root size="xs" width="auto" ms="auto" disabled={disabled}>
          <NativeSelect.Field aria-label={t('editor.tabWidth')} value={tabOption} onChange={(event) => onTab(event.target.value as TabOption)}>
            {TAB_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value === 'tab' ? t('editor.oneTab') : t('editor.spaces', { count: option.size })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {tablePickerOpen ? (
        <Box
          role="group"
          aria-label={t('editor.tableSize')}
          position="absolute"
          zIndex="popover"
          top="9"
          left="2"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          p="2"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setTablePickerOpen(false);
          }}
        >
          <Grid templateColumns={`repeat(${TABLE_MAX}, 18px)`} gap="1" onMouseLeave={() => setHovered([0, 0])}>
            {Array.from({ length: TABLE_MAX * TABLE_MAX }, (_, index) => {
              const row = Math.floor(index / TABLE_MAX) + 1;
              const column = (index % TABLE_MAX) + 1;
              const lit = row <= hovered[0] && column <= hovered[1];
              return (
                <Button
                  key={index}
                  aria-label={t('editor.tableOfSize', { rows: row, columns: column })}
                  minW="18px"
                  w="18px"
                  h="18px"
                  p="0"
                  size="2xs"
                  variant={lit ? 'solid' : 'outline'}
                  colorPalette="blue"
                  onMouseEnter={() => setHovered([row, column])}
                  onFocus={() => setHovered([row, column])}
                  onClick={() => {
                    setTablePickerOpen(false);
                    onTable(row, column);
                  }}
                />
              );
            })}
          </Grid>
          <Text fontSize="xs" color="fg.muted" mt="1" textAlign="center">
            {hovered[0] > 0 ? t('editor.size', { rows: hovered[0], columns: hovered[1] }) : t('editor.pickSize')}
          </Text>
        </Box>
      ) : null}
    </>
  );
}
