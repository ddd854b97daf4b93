import { HStack, RadioGroup } from '@chakra-ui/react';
import type { NoteVisibility } from '@portal/domain';

const CHOICES: readonly { value: NoteVisibility; label: string }[] = [
  { value: 'public', label: 'Reply' },
  { value: 'internal', label: 'Internal note' },
];

/**
 * Staff choose before sending: a reply the client reads, or an internal note only staff see
 * (docs/product/tickets.md#internal-notes): in a ticket's note editor, and when an admin attaches a held mail.
 */
export function NoteVisibilityChoice({ value, onChange }: { value: NoteVisibility | null; onChange: (visibility: NoteVisibility) => void }) {
  return (
    <RadioGroup.Root
      size="sm"
      colorPalette="blue"
      value={value}
      onValueChange={({ value: next }) => {
        if (next === 'public' || next === 'internal') onChange(next);
      }}
    >
      <HStack gap="4" wrap="wrap">
        <RadioGroup.Label fontSize="sm" color="fg.muted">Who sees this note</RadioGroup.Label>
        {CHOICES.map((choice) => (
          <RadioGroup.Item key={choice.value} value={choice.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText fontWeight={value === choice.value ? 'semibold' : 'normal'}>{choice.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
