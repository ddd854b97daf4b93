import type { ReactNode } from 'react';
import { Card, Tabs, VisuallyHidden } from '@chakra-ui/react';
import { useT } from '../../../messages';
import { SectionCard } from './section-card';

/**
 * The activity feed, and beside it the ticket's history for those who may read it (docs/product/accounts-and-roles.md#audit-trail):
 * two tabs, Activity first and selected. History is read only once opened; Activity stays mounted
 * while History is shown, so a half-written note is not lost.
 */
export function TicketTimeline({ activity, history }: { activity: ReactNode; history: ReactNode | null }) {
  const t = useT();
  if (history === null) return <SectionCard title={t('timeline.activity')}>{activity}</SectionCard>;
  return (
    <Card.Root as="section" aria-label={t('timeline.both')} size="sm" variant="outline">
      <VisuallyHidden as="h2">{t('timeline.both')}</VisuallyHidden>
      <Tabs.Root defaultValue="activity" lazyMount variant="line" size="sm">
        <Card.Header pb="0">
          <Tabs.List>
            <Tabs.Trigger value="activity" fontWeight="semibold">{t('timeline.activity')}</Tabs.Trigger>
            <Tabs.Trigger value="history" fontWeight="semibold">{t('timeline.history')}</Tabs.Trigger>
          </Tabs.List>
        </Card.Header>
        <Card.Body>
          <Tabs.Content value="activity" pt="0">{activity}</Tabs.Content>
          <Tabs.Content value="history" pt="0">{history}</Tabs.Content>
        </Card.Body>
      </Tabs.Root>
    </Card.Root>
  );
}
