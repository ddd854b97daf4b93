import { Fieldset, Flex, HStack, Text } from '@chakra-ui/react';

/** A labelled group of native checkboxes over ids (the filters of a recipient kind). */
export function CheckList({ legend, items, checked, onToggle }: {
  legend: string;
  items: readonly { id: number; name: string }[];
  checked: readonly number[];
  onToggle(id: number): void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="semibold">{legend}</Fieldset.Legend>
      <Flex wrap="wrap" gap="3">
        {items.map((item) => (
          <HStack as="label" key={item.id} gap="1" fontSize="sm">
            <input type="checkbox" checked={checked.includes(item.id)} onChange={() => onToggle(item.id)} />
            <Text as="span">{item.name}</Text>
          </HStack>
        ))}
      </Flex>
    </Fieldset.Root>
  );
}
