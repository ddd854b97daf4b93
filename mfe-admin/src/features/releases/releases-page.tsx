import { Badge, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useReleases } from '@portal/api-client';
import type { ReleaseLogLine, ReleasesOverview } from '@portal/contract';
import { canSeeReleases, type ReleaseAction } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { DateText, ErrorAlert, NotAuthorized } from '@portal/ui';
import { useT } from '../../messages';
import { ReleaseChart } from './release-chart';

type RemoteRelease = ReleasesOverview['remotes'][number];

/** What changed a remote's served version, as the deploy log names it (RELEASE_MESSAGES.actions): a literal key each. */
const ACTION_KEYS = {
  deploy: 'releases.actionDeploy',
  rollback: 'releases.actionRollback',
  to: 'releases.actionTo',
  publish: 'releases.actionPublish',
  canary: 'releases.actionCanary',
  promote: 'releases.actionPromote',
  abort: 'releases.actionAbort',
  'auto-rollback': 'releases.actionAutoRollback',
  'auto-promote': 'releases.actionAutoPromote',
} as const satisfies Record<ReleaseAction, string>;

function RemoteSection({ release, timeZone }: { release: RemoteRelease; timeZone: string }) {
  const t = useT();
  const { remote, live, canary, minutes } = release;
  const versions = [
    ...(live ? [{ version: live, label: t('releases.live') }] : []),
    ...(canary ? [{ version: canary.version, label: t('releases.canary') }] : []),
  ];
  return (
    <Stack as="section" aria-label={remote} gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md">{remote}</Heading>
      <Stack gap="1" fontSize="sm">
        <Text>{t('releases.liveVersion', { version: live ?? '—' })}</Text>
        {canary ? (
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="orange">{t('releases.canary')}</Badge>
            <Text>{t('releases.canaryShare', { version: canary.version, share: canary.share })}</Text>
            <Text>
              {t.rich('releases.since', { date: <DateText key="date" as="span" iso={canary.started_at} timeZone={timeZone} withTime /> })}
            </Text>
            {canary.auto_promote_at ? (
              <Text>
                {t.rich('releases.autoPromote', { date: <DateText key="date" as="span" iso={canary.auto_promote_at} timeZone={timeZone} withTime /> })}
              </Text>
            ) : null}
          </HStack>
        ) : (
          <Text color="fg.muted">{t('releases.noCanary')}</Text>
        )}
      </Stack>
      <ReleaseChart remote={remote} minutes={minutes} versions={versions} timeZone={timeZone} />
    </Stack>
  );
}

function DeployLog({ log, timeZone }: { log: readonly ReleaseLogLine[]; timeZone: string }) {
  const t = useT();
  return (
    <Stack as="section" aria-label={t('releases.deployLog')} gap="3">
      <Heading as="h2" size="md">{t('releases.deployLog')}</Heading>
      {log.length === 0 ? (
        <Text color="fg.muted">{t('releases.noLog')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('releases.deployLog')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('releases.columnAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('releases.columnBy')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('releases.columnRemote')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('releases.columnAction')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('releases.columnVersion')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('releases.columnReason')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {log.map((line, index) => (
                <Table.Row key={`${line.at} ${line.remote} ${index}`} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap"><DateText iso={line.at} timeZone={timeZone} withTime /></Table.Cell>
                  <Table.Cell wordBreak="break-all">{line.by}</Table.Cell>
                  <Table.Cell>{line.remote}</Table.Cell>
                  <Table.Cell>{t(ACTION_KEYS[line.action])}</Table.Cell>
                  <Table.Cell wordBreak="break-all">{line.version}</Table.Cell>
                  <Table.Cell>{line.reason ?? ''}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/**
 * /admins/releases (docs/deploying-a-remote.md#canary-releases): each remote's live version and canary (share, since,
 * when it is promoted by itself), what people's browsers met a minute per version over the last hour, and the deploy
 * log, newest first with why. Admins only (the API refuses anyone else); read again every 15 s while open.
 */
export function ReleasesPage() {
  const t = useT();
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const allowed = canSeeReleases(viewer);
  const { data, error } = useReleases(allowed);
  if (!allowed) return <NotAuthorized />;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">{t('releases.title')}</Heading>
        <Text color="fg.muted">{t('releases.intro')}</Text>
      </Stack>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {data ? (
        <>
          {data.remotes.map((release) => <RemoteSection key={release.remote} release={release} timeZone={timeZone} />)}
          <DeployLog log={data.log} timeZone={timeZone} />
        </>
      ) : null}
    </Stack>
  );
}
