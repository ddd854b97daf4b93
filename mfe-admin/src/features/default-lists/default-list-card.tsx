import { Card, Heading, Text } from '@chakra-ui/react';
import { useOption, useOptionUsage } from '@portal/api-client';
import { parseLookupList } from '@portal/domain';
import { useT } from '../../messages';
import type { DefaultListSpec } from './default-list-names';
import { DefaultListEditor } from './default-list-editor';

/** One list: the saved option (the domain's defaults until one is saved), then its editor. */
export function DefaultListCard({ spec }: { spec: DefaultListSpec }) {
  const t = useT();
  const { data, error } = useOption(spec.optionName);
  const { data: usage } = useOptionUsage(spec.optionName);
  const loaded = data !== undefined || error !== undefined;
  return (
    <Card.Root as="section" aria-label={t(spec.title)} size="sm">
      <Card.Header><Heading as="h3" size="md">{t(spec.title)}</Heading></Card.Header>
      <Card.Body>
        {loaded ? (
          <DefaultListEditor spec={spec} usage={usage ?? {}} saved={parseLookupList(spec.optionName, data?.option_value)} />
        ) : (
          <Text>{t('defaultLists.loading')}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
