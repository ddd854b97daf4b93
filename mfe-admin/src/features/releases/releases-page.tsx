import { Badge, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useReleases } from '@portal/api-client';
import type { ReleaseLogLine, ReleasesOverview } from '@portal/contract';
import { RELEASE_MESSAGES, canSeeReleases } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { DateText, ErrorAlert, NotAuthorized } from '@portal/ui';
import { ReleaseChart } from './release-chart';

type RemoteRelease = ReleasesOverview['remotes'][number];

function RemoteSection({ release, timeZone }: { release: RemoteRelease; timeZone: string }) {
  const { remote, live, canary, minutes } = release;
  const versions = [
    ...(live ? [{ version: live, label: RELEASE_MESSAGES.live }] : []),
    ...(canary ? [{ version: canary.version, label: RELEASE_MESSAGES.canary }] : []),
  ];
  return (
    <Stack as="section" aria-label={remote} gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md">{remote}</Heading>
      <Stack gap="1" fontSize="sm">
        <Text>{`${RELEASE_MESSAGES.live}: ${live ?? '—'}`}</Text>
        {canary ? (
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="orange">{RELEASE_MESSAGES.canary}</Badge>
            <Text>{`${canary.version}, ${RELEASE_MESSAGES.share(canary.share)}`}</Text>
            <Text>
              {`${RELEASE_MESSAGES.since} `}
              <DateText as="span" iso={canary.started_at} timeZone={timeZone} withTime />
            </Text>
            {canary.auto_promote_at ? (
              <Text>
                {`${RELEASE_MESSAGES.autoPromote} `}
                <DateText as="span" iso={canary.auto_promote_at} timeZone={timeZone} withTime />
              </Text>
            ) : null}
          </HStack>
        ) : (
          <Text color="fg.muted">{RELEASE_MESSAGES.noCanary}</Text>
        )}
      </Stack>
      <ReleaseChart remote={remote} minutes={minutes} versions={versions} timeZone={timeZone} />
    </Stack>
  );
}

function DeployLog({ log, timeZone }: { log: readonly ReleaseLogLine[]; timeZone: string }) {
  const columns = RELEASE_MESSAGES.logColumns;
  return (
    <Stack as="section" aria-label={RELEASE_MESSAGES.deployLog} gap="3">
      <Heading as="h2" size="md">{RELEASE_MESSAGES.deployLog}</Heading>
      {log.length === 0 ? (
        <Text color="fg.muted">{RELEASE_MESSAGES.noLog}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={RELEASE_MESSAGES.deployLog}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{columns.at}</Table.ColumnHeader>
                <Table.ColumnHeader>{columns.by}</Table.ColumnHeader>
                <Table.ColumnHeader>{columns.remote}</Table.ColumnHeader>
                <Table.ColumnHeader>{columns.action}</Table.ColumnHeader>
                <Table.ColumnHeader>{columns.version}</Table.ColumnHeader>
                <Table.ColumnHeader>{columns.reason}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {log.map((line, index) => (
                <Table.Row key={`${line.at} ${line.remote} ${index}`} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap"><DateText iso={line.at} timeZone={timeZone} withTime /></Table.Cell>
                  <Table.Cell wordBreak="break-all">{line.by}</Table.Cell>
                  <Table.Cell>{line.remote}</Table.Cell>
                  <Table.Cell>{RELEASE_MESSAGES.actions[line.action]}</Table.Cell>
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
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const allowed = canSeeReleases(viewer);
  const { data, error } = useReleases(allowed);
  if (!allowed) return <NotAuthorized />;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">{RELEASE_MESSAGES.title}</Heading>
        <Text color="fg.muted">{RELEASE_MESSAGES.intro}</Text>
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
