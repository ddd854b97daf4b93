import { useState, type ComponentProps, type ReactNode } from 'react';
import { Box, Button, Grid, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { Bold, Code, Heading, Italic, Link, List, Table } from 'lucide-react';
import { FORMATTING_TOOLS, TABLE_MAX, TAB_OPTIONS, type FormattingTool, type TabOption } from './markdown-editor-options';

const ICONS: Record<FormattingTool, ReactNode> = {
  Bold: <Bold />, Italic: <Italic />, Heading: <Heading />, Link: <Link />, List: <List />, Code: <Code />,
};

/** WCAG 2.1.2: Tab indents inside the editor, so the way out is told (CodeMirror's Escape, then Tab). */
export const EDITOR_HINT = 'Tab indents. To leave the editor, press Escape, then Tab.';

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

  return (
    <>
      <HStack role="toolbar" aria-label={`${label} formatting`} gap="1" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
        {FORMATTING_TOOLS.map((tool) => (
          <IconButton key={tool} aria-label={tool} title={tool} size="xs" variant="ghost" onClick={() => onTool(tool)} disabled={disabled}>
            {ICONS[tool]}
          </IconButton>
        ))}
        <IconButton
          aria-label="Insert table"
          title="Insert table"
          size="xs"
          variant={tablePickerOpen ? 'subtle' : 'ghost'}
          aria-expanded={tablePickerOpen}
          onClick={() => setTablePickerOpen((open) => !open)}
          disabled={disabled}
        >
          <Table />
        </IconButton>
        <NativeSelect.Root size="xs" width="auto" ms="auto" disabled={disabled}>
          <NativeSelect.Field aria-label="Tab width" value={tabOption} onChange={(event) => onTab(event.target.value as TabOption)}>
            {TAB_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {tablePickerOpen ? (
        <Box
          role="group"
          aria-label="Table size"
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
                  aria-label={`${row} x ${column} table`}
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
            {hovered[0] > 0 ? `${hovered[0]} x ${hovered[1]}` : 'Pick a size'}
          </Text>
        </Box>
      ) : null}
    </>
  );
}
