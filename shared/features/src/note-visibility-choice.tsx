import { HStack, RadioGroup } from '@chakra-ui/react';
import type { NoteVisibility } from '@portal/domain';
import { useT } from './messages';

const CHOICES = [
  { value: 'public', label: 'visibility.reply' },
  { value: 'internal', label: 'visibility.internal' },
] as const satisfies readonly { value: NoteVisibility; label: string }[];

/**
 * Staff choose before sending: a reply the client reads, or an internal note only staff see
 * (docs/product/tickets.md#internal-notes): in a ticket's note editor, and when an admin attaches a held mail.
 */
export function NoteVisibilityChoice({ value, onChange }: { value: NoteVisibility | null; onChange: (visibility: NoteVisibility) => void }) {
  const t = useT();
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
        <RadioGroup.Label fontSize="sm" color="fg.muted">{t('visibility.legend')}</RadioGroup.Label>
        {CHOICES.map((choice) => (
          <RadioGroup.Item key={choice.value} value={choice.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText fontWeight={value === choice.value ? 'semibold' : 'normal'}>{t(choice.label)}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
