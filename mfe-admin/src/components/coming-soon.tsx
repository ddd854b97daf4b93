import { Heading, Stack, Text } from '@chakra-ui/react';
import { useT } from '../messages';

/** Each coming-soon section's heading and sentence: literal keys (scripts/check-messages.ts finds the keys it uses). */
const COMING_SOON = {
  flows: { title: 'settings.crmFlows', text: 'settings.flowsComingSoon' },
  campaigns: { title: 'settings.crmCampaigns', text: 'settings.campaignsComingSoon' },
} as const;

/** A crm section not built yet: its name and a sentence saying it is coming. */
export function ComingSoon({ section }: { section: keyof typeof COMING_SOON }) {
  const t = useT();
  const { title, text } = COMING_SOON[section];
  return (
    <Stack gap="2">
      <Heading as="h2" size="lg">{t(title)}</Heading>
      <Text color="fg.muted">{t(text)}</Text>
    </Stack>
  );
}
