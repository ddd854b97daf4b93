import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLookupList, useOption, useOptionMutations, useStaff } from '@portal/api-client';
import { MESSAGES, parseTypeAssignments } from '@portal/domain';
import { TypeAssignmentsForm } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { useT } from '../../messages';

/** The global ticket-type -> agent map (option type_assignments); a company's own map wins over it. */
export function GlobalTypeAssignments() {
  const t = useT();
  const text = useMessageText();
  const types = useLookupList('type-defaults');
  const { data: staff } = useStaff();
  const { data: option, error } = useOption('type_assignments');
  const { save } = useOptionMutations();
  // A portal without the option yet answers 404: the map starts empty.
  const loaded = option !== undefined || error !== undefined;
  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h2" size="lg">{t('typeAssignments.heading')}</Heading>
      <Text color="fg.muted">{t('typeAssignments.intro')}</Text>
      {loaded && staff ? (
        <TypeAssignmentsForm
          types={types}
          agents={staff}
          value={parseTypeAssignments(option?.option_value)}
          onSave={(map) => save({ option_name: 'type_assignments', option_value: map })}
        />
      ) : (
        <Text>{text(MESSAGES.loading)}</Text>
      )}
    </Stack>
  );
}
