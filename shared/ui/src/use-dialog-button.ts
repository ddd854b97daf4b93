import { useRef, useState } from 'react';

/**
 * A button that opens a dialog or a drawer without Chakra's Trigger: the button is drawn with the first screen, and
 * the dialog (whose parts load in Chakra's interactive chunk: shared/build-config/shared-facades.cjs) mounts at the
 * first press, so a screen that only shows the button does not fetch that chunk. The focus goes back to the button
 * when the dialog closes, as with a trigger. `control` makes it follow a parent's open state.
 */
export function useDialogButton(control?: { open: boolean; onOpenChange(open: boolean): void }) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = control ? control.open : ownOpen;
  const setOpen = control ? control.onOpenChange : setOwnOpen;
  const [mounted, setMounted] = useState(open);
  // Opened from elsewhere (the parent's state): mounted from then on.
  if (open && !mounted) setMounted(true);
  const button = useRef<HTMLButtonElement>(null);
  return {
    open,
    /** Whether the dialog has been opened once (until then nothing of it renders). */
    mounted,
    close: () => setOpen(false),
    buttonProps: {
      ref: button,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onClick: () => setOpen(true),
    },
    rootProps: {
      open,
      onOpenChange: ({ open: next }: { open: boolean }) => setOpen(next),
      finalFocusEl: () => button.current,
    },
  };
}
