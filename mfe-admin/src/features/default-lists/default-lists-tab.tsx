import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { DEFAULT_LIST_GROUPS } from './default-list-names';
import { useT } from '../../messages';
import { DefaultListCard } from './default-list-card';

/** The defaults tab: the six editable lookup lists. */
export function DefaultListsTab() {
  const t = useT();
  return (
    <Stack gap="8">
      {DEFAULT_LIST_GROUPS.map((group) => (
        <Stack key={group.title} gap="4">
          <Heading as="h2" size="lg">{t(group.title)}</Heading>
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
            {group.lists.map((list) => <DefaultListCard key={list.optionName} spec={list} />)}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
