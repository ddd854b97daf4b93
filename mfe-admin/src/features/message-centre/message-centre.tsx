import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../messages';
import { ComposeMessage } from './compose-message';
import { MailServerBanner } from './mail-server-banner';
import { SentMessages } from './sent-messages';

const VIEWS = ['compose', 'sent'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string | null): value is View => VIEWS.some((view) => view === value);

/**
 * The message centre (docs/product/messaging.md#message-centre): Compose a message, or look at the Sent ones
 * (docs/product/messaging.md#sent-messages). The tab is in the address (`?view=sent`), so a reload keeps it; the
 * Compose tab stays mounted behind the Sent one, so its recipients and progress are still there on the way back. A banner
 * says so while no mail server is set (docs/product/messaging.md#mail-server).
 */
export function MessageCentre() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: View = isView(requested) ? requested : 'compose';
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{t('messageCentre.heading')}</Heading>
      <MailServerBanner />
      <Tabs.Root
        value={view}
        lazyMount
        onValueChange={({ value }) => setParams(value === 'compose' ? {} : { view: value }, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Trigger value="compose">{t('messageCentre.composeTab')}</Tabs.Trigger>
          <Tabs.Trigger value="sent">{t('messageCentre.sentTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="compose"><ComposeMessage /></Tabs.Content>
        <Tabs.Content value="sent"><SentMessages /></Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
