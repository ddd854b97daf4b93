import { useState } from 'react';
import { Badge, Button, HStack, IconButton, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { TicketDetail } from '@portal/contract';
import { errorMessage, useFollowerMutations, useTicketFollowers } from '@portal/api-client';
import { canRemoveFollower, canSeeCcAddresses, type Viewer } from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../../messages';

/**
 * The ticket's followers (docs/product/tickets.md#followers-and-cc): who gets its activity e-mail and notifications,
 * Follow or Unfollow for the viewer, Add follower for the requester and staff, and for staff the addresses seen in
 * Cc that are no contact yet: inviting one is a staff decision made on the company's contacts page.
 */
export function FollowersSection({ ticket, viewer }: { ticket: TicketDetail; viewer: Viewer }) {
  const { data, error } = useTicketFollowers(ticket.ticket_id);
  const change = useFollowerMutations(ticket.ticket_id);
  const [chosen, setChosen] = useState('');
  const { saving: busy, error: failed, run } = useSaveState();
  const failure = failed ? errorMessage(failed) : null;
  const t = useT();

  if (error && !data) return <ErrorAlert message={errorMessage(error)} />;
  if (!data) return null;
  const ccAddresses = canSeeCcAddresses(viewer) ? (data.cc_addresses ?? []) : [];

  return (
    <Stack gap="2" role="group" aria-label={t('followers.heading')}>
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('followers.heading')}</Text>
        {data.following ? (
          <Button size="xs" variant="outline" loading={busy} onClick={() => void run(change.unfollow)}>{t('followers.unfollow')}</Button>
        ) : data.can_follow ? (
          <Button size="xs" variant="outline" loading={busy} onClick={() => void run(change.follow)}>{t('followers.follow')}</Button>
        ) : null}
      </HStack>
      {data.followers.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">{t('followers.none')}</Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" ms="0">
          {data.followers.map((follower) => (
            <HStack as="li" key={follower.contact_id} justify="space-between" gap="2">
              <HStack gap="2">
                <Text fontSize="sm">{follower.name}</Text>
                {follower.staff ? <Badge size="sm" variant="subtle">{t('followers.staff')}</Badge> : null}
              </HStack>
              {follower.contact_id !== viewer.contactId && canRemoveFollower(viewer, ticket, follower.contact_id) ? (
                <IconButton size="2xs" variant="ghost" aria-label={t('followers.remove', { name: follower.name })} disabled={busy}
                  onClick={() => void run(() => change.remove(follower.contact_id))}>
                  <X />
                </IconButton>
              ) : null}
            </HStack>
          ))}
        </Stack>
      )}
      {data.candidates.length > 0 ? (
        <HStack gap="2">
          <NativeSelect.Root size="sm" flex="1">
            <NativeSelect.Field aria-label={t('followers.person')} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{t('followers.choose')}</option>
              {data.candidates.map((person) => (
                <option key={person.contact_id} value={person.contact_id}>{person.staff ? t('followers.staffPerson', { name: person.name }) : person.name}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" disabled={chosen === '' || busy}
            onClick={() => void run(async () => { await change.add(Number(chosen)); setChosen(''); })}>
            {t('followers.add')}
          </Button>
        </HStack>
      ) : null}
      {ccAddresses.length > 0 ? (
        <Stack gap="1" role="group" aria-label={t('followers.cc')}>
          <Text fontSize="sm" fontWeight="semibold">{t('followers.cc')}</Text>
          <Stack as="ul" gap="1" listStyleType="none" ms="0">
            {ccAddresses.map((cc) => (
              <HStack as="li" key={cc.id} justify="space-between" gap="2">
                <Text fontSize="sm" wordBreak="break-all">{cc.address}</Text>
                <Button size="2xs" variant="ghost" aria-label={t('followers.dismissAddress', { address: cc.address })} disabled={busy} onClick={() => void run(() => change.dismissCc(cc.id))}>
                  {t('followers.dismiss')}
                </Button>
              </HStack>
            ))}
          </Stack>
          <Link asChild fontSize="sm" color="blue.700" textDecoration="underline">
            <RouterLink to={`/clients/${ticket.company_id}/contacts`}>{t('followers.invite')}</RouterLink>
          </Link>
        </Stack>
      ) : null}
      <ErrorAlert message={failure} />
    </Stack>
  );
}
