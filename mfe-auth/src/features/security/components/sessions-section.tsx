import { useState } from 'react';
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useSecurityMutations, useSessions } from '@portal/api-client';
import type { SessionSummary } from '@portal/contract';
import { useSession } from '@portal/session';
import { DateText, ErrorAlert, ListStates } from '@portal/ui';
import { SectionCard } from './section-card';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';


/**
 * Where the user is signed in (docs/product/accounts-and-roles.md#account-security): browser and
 * system, address, signed in, last active, this session marked; Sign out per other session and
 * Sign out everywhere else.
 */
export function SessionsSection() {
  const { data, error: readError } = useSessions();
  const mutations = useSecurityMutations();
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  const shown = useShownText();
  const deviceOf = (session: SessionSummary) => t('sessions.device', { browser: session.browser, system: session.system });
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(which: number | 'others', work: () => Promise<string>) {
    setBusy(which);
    setError(null);
    setDone(null);
    try {
      setDone(await work());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current);
  return (
    <SectionCard title={t('sessions.title')}>
      <ErrorAlert message={shown(error)} />
      <ListStates data={data?.sessions} error={readError}>
        {(list) => (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('sessions.deviceColumn')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('sessions.address')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('sessions.signedIn')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('sessions.lastActive')}</Table.ColumnHeader>
                  <Table.ColumnHeader><Text srOnly>{t('common.actions')}</Text></Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((session) => (
                  <Table.Row key={session.id} aria-label={deviceOf(session)} data-current={session.current ? 'true' : undefined}>
                    <Table.Cell fontWeight="medium">{deviceOf(session)}</Table.Cell>
                    <Table.Cell>{session.address ?? t('sessions.unknown')}</Table.Cell>
                    <Table.Cell><DateText iso={session.signed_in} timeZone={timeZone} withTime /></Table.Cell>
                    <Table.Cell><DateText iso={session.last_active} timeZone={timeZone} withTime /></Table.Cell>
                    <Table.Cell textAlign="end">
                      {session.current ? (
                        <Badge colorPalette="blue">{t('sessions.current')}</Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('sessions.signOutLabel', { device: deviceOf(session), address: session.address ?? t('sessions.unknownAddress') })}
                          loading={busy === session.id}
                          disabled={busy !== null}
                          onClick={() => void run(session.id, async () => {
                            await mutations.endSession(session.id);
                            return t('sessions.signedOut', { device: deviceOf(session) });
                          })}
                        >
                          {t('sessions.signOut')}
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ListStates>
      <Stack align="start" gap="2">
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={others.length === 0 || busy !== null}
          loading={busy === 'others'}
          onClick={() => void run('others', async () => {
            const ended = await mutations.endOtherSessions();
            return t('sessions.signedOutOthers', { count: ended });
          })}
        >
          {t('sessions.signOutOthers')}
        </Button>
        {done ? <Text role="status" fontSize="sm">{done}</Text> : null}
      </Stack>
    </SectionCard>
  );
}
