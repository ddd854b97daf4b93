import { lazy, Suspense, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { isApiError, useTimer, useTimerMutations } from '@portal/api-client';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

// The dialog (what was done, before time is logged) loads when first needed: the ticket page goes without it.
const TimerDialog = lazy(() => import('./timer-dialog').then((module) => ({ default: module.TimerDialog })));

/**
 * Beside Log Time (staff; docs/product/time-and-billing.md#timers): "Start timer" on this ticket, or "Stop timer" while
 * it runs here, which asks what was done and logs the time. Starting while the timer runs on another ticket asks first
 * whether to stop that one (its time logged with the description given) and start here. A paused timer here offers
 * 'Resume timer'.
 */
export function TimerButton({ ticketId }: { ticketId: number }) {
  const { timer, loaded, mutate } = useTimer();
  const { start, resume } = useTimerMutations();
  const [asking, setAsking] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const here = timer !== null && timer.ticket_id === ticketId;
  const t = useT();

  async function startHere() {
    if (timer !== null) {
      setAsking(true);
      return;
    }
    setStarting(true);
    setError(null);
    try {
      await start(ticketId);
    } catch (failure) {
      // Started on another ticket meanwhile (another tab or device): read it, then ask.
      if (isApiError(failure) && failure.status === 409) {
        await mutate();
        setAsking(true);
      } else setError(failure);
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <ErrorAlert message={error} size="sm" />
      <Button size="sm" variant="outline" disabled={!loaded} loading={starting} onClick={() => (here ? setAsking(true) : void startHere())}>
        {here ? t('timer.stop') : t('timer.start')}
      </Button>
      {here && timer.paused ? (
        <Button size="sm" variant="outline" onClick={() => void resume().catch(setError)}>
          {t('timer.resume')}
        </Button>
      ) : null}
      {asking && timer !== null ? (
        <Suspense fallback={null}>
          <TimerDialog timer={timer} startOn={here ? null : ticketId} onClose={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
