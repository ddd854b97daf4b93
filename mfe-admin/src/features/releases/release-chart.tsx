import { useId } from 'react';
import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ReleaseMinute } from '@portal/contract';
import { intlLocale, type Locale } from '@portal/domain';
import { useFormats } from '@portal/session';
import { useT } from '../../messages';

const HOUR_MS = 3_600_000;
const WIDTH = 600;
const HEIGHT = 120;
/** One colour a version (Chakra's palette tokens as CSS variables), the live one first. */
const COLOURS = ['var(--chakra-colors-blue-600)', 'var(--chakra-colors-orange-600)', 'var(--chakra-colors-purple-600)', 'var(--chakra-colors-teal-600)'];

const minuteText = (iso: string, timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(iso));

/**
 * A remote's loads and failures a minute per version over the last hour: a small SVG drawn with the palette's tokens
 * (a bar a minute and version: loads pale, failures dark over them; the admin remote carries no charting library), in a figure whose caption
 * names it, with every number in a table beside it for screen readers and a total a version in text.
 */
export function ReleaseChart({ remote, minutes, versions, timeZone, now = Date.now() }: {
  remote: string;
  timeZone: string;
  minutes: readonly ReleaseMinute[];
  /** The versions to draw, in order (the live one, then the canary), with a label each; others in the minutes follow. */
  versions: readonly { version: string; label: string }[];
  now?: number;
}) {
  const t = useT();
  const { locale } = useFormats();
  const caption = t('releases.chartLabel', { remote });
  const captionId = useId();
  const shown = [...versions];
  for (const { version } of minutes) if (!shown.some((known) => known.version === version)) shown.push({ version, label: version });
  const top = Math.max(1, ...minutes.map((minute) => Math.max(minute.loads, minute.failures)));
  const x = (iso: string) => Math.min(WIDTH, Math.max(0, ((Date.parse(iso) - (now - HOUR_MS)) / HOUR_MS) * WIDTH));
  const y = (count: number) => HEIGHT - (count / top) * (HEIGHT - 4);
  // A minute is WIDTH / 60 wide: each version's bar takes its share of it, side by side.
  const barWidth = WIDTH / 60 / Math.max(1, shown.length);
  const bars = (version: string, index: number, field: 'loads' | 'failures') =>
    minutes
      .filter((minute) => minute.version === version && minute[field] > 0)
      .map((minute) => (
        <rect
          key={`${minute.minute} ${field}`}
          x={Math.min(WIDTH - barWidth, x(minute.minute) + index * barWidth)}
          y={y(minute[field])}
          width={Math.max(1, barWidth - 1)}
          height={HEIGHT - y(minute[field])}
        />
      ));

  return (
    <Box as="figure" aria-labelledby={captionId} m="0" borderWidth="1px" borderRadius="md" p="3">
      <Text as="figcaption" id={captionId} fontSize="sm" fontWeight="medium" mb="2">{caption}</Text>
      {minutes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">{t('releases.noReports')}</Text>
      ) : (
        <Stack gap="2">
          <Box asChild width="100%" height="120px">
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
              <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="var(--chakra-colors-border)" />
              {shown.map(({ version }, index) => (
                <g key={version} fill={COLOURS[index % COLOURS.length]}>
                  <g opacity="0.4">{bars(version, index, 'loads')}</g>
                  {bars(version, index, 'failures')}
                </g>
              ))}
            </svg>
          </Box>
          <Stack gap="1" as="ul" listStyleType="none" fontSize="sm">
            {shown.map(({ version, label }, index) => {
              const own = minutes.filter((minute) => minute.version === version);
              const loads = own.reduce((sum, minute) => sum + minute.loads, 0);
              const failures = own.reduce((sum, minute) => sum + minute.failures, 0);
              return (
                <HStack as="li" key={version} gap="2">
                  <Box width="3" height="3" borderRadius="sm" flexShrink={0} style={{ background: COLOURS[index % COLOURS.length] }} />
                  <Text>{t('releases.versionTotals', { label, version, loads, failures })}</Text>
                </HStack>
              );
            })}
          </Stack>
          {/* Hidden in a box: a table hidden itself still takes its columns' width, wider than a phone. */}
          <Box srOnly>
            <Table.Root size="sm" aria-label={caption}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('releases.columnMinute')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('releases.columnVersion')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('releases.loads')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('releases.failures')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {minutes.map((minute) => (
                  <Table.Row key={`${minute.minute} ${minute.version}`}>
                    <Table.Cell><time dateTime={minute.minute}>{minuteText(minute.minute, timeZone, locale)}</time></Table.Cell>
                    <Table.Cell>{minute.version}</Table.Cell>
                    <Table.Cell>{minute.loads}</Table.Cell>
                    <Table.Cell>{minute.failures}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
