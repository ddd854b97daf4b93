import { lazy, Suspense, useState } from 'react';
import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useTimer, useTimerElapsed, useTimerMutations } from '@portal/api-client';
import { canUseTimer, formatTimerElapsed } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useViewer } from '@portal/session';
import { useT } from '../../messages';

// The stop dialog loads when Stop is pressed: the header carries only the timer's line.
const TimerStopDialog = lazy(() => import('./timer-stop-dialog').then((module) => ({ default: module.TimerStopDialog })));

/**
 * The staff member's timer in the header on every page (docs/product/time-and-billing.md#timers): the ticket's title
 * (a link to it), the time it has run ticking as h:mm:ss, Pause or Resume, and Stop, which asks what the time was spent
 * on (or discards it). The timer
 * lives on the server: it is read on sign-in and again when the live stream says it changed (another tab or device).
 */
export function HeaderTimer() {
  const t = useT();
  const messageText = useMessageText();
  const viewer = useViewer();
  const { timer } = useTimer(viewer !== null && canUseTimer(viewer));
  const elapsed = useTimerElapsed(timer);
  const { pause, resume } = useTimerMutations();
  const [stopping, setStopping] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!timer) return null;

  async function pauseOrResume() {
    setSwitching(true);
    setError(null);
    try {
      await (timer!.paused ? resume() : pause());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <HStack role="group" aria-label={t('timer.label')} gap="2" minW="0" flexShrink={1} data-testid="header-timer">
      <Link asChild color="inherit" truncate maxW={{ base: '6rem', md: '12rem' }} hideBelow="sm">
        <RouterLink to={`/clients/${timer.company_id}/tickets/${timer.ticket_id}`}>{timer.title}</RouterLink>
      </Link>
      <Text as="span" fontFamily="mono" role="timer" aria-label={t('timer.elapsed')} data-testid="timer-elapsed">
        {formatTimerElapsed(elapsed)}
      </Text>
      {timer.paused ? <Text as="span" fontSize="sm">{t('timer.paused')}</Text> : null}
      <Button size="xs" variant="outline" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} loading={switching} onClick={() => void pauseOrResume()}>
        {timer.paused ? t('timer.resume') : t('timer.pause')}
      </Button>
      <Button size="xs" variant="outline" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => setStopping(true)}>
        {t('timer.stop')}
      </Button>
      {error ? <Text as="span" role="alert" fontSize="sm">{messageText(error)}</Text> : null}
      {stopping ? (
        <Suspense fallback={<Box display="none" />}>
          <TimerStopDialog timer={timer} onClose={() => setStopping(false)} />
        </Suspense>
      ) : null}
    </HStack>
  );
}
