// docs/architecture.md#weight: a public page rendered at build time shows its form before the
// JavaScript is in, and a visitor may start typing into it. React's first render replaces that
// markup; what was typed by then, and where the caret was, carries over to the real fields. The
// prerendered form cannot submit (server/lib/prerender.ts inert: its submit buttons are plain
// buttons marked data-prerendered-submit, and a disabled hidden default button stops Enter); a click
// on one, or Enter in one of its fields, is held and, once the fields carried over, sent from React's
// form, so a visitor quicker than the JavaScript does not have to ask twice. A page's first script
// starts this before anything else loads: the shell's main.js (shell/src/index.ts), the sign-in page's
// own entry (mfe-auth/src/sign-in/index.ts). A subpath of its own (@portal/ui/prerendered-fields), not
// a federation share key: each of those scripts bundles it, before any shared module can load.

type Field = HTMLInputElement | HTMLTextAreaElement;

const valueSetter = (field: Field) =>
  Object.getOwnPropertyDescriptor(field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value')?.set;

/** Gives a field the value as typing would, so a controlled React input takes it into its state. */
function type(field: Field, value: string): void {
  valueSetter(field)?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Call before rendering into `root`. Once the prerendered fields have left the page (React's commit),
 * each named one the visitor typed into gives its value to the new field of the same name, and the
 * focused one its focus and caret. Gives up after `withinMs` (the page then shows what React drew).
 */
export function carryTypedFields(root: HTMLElement, withinMs = 20_000): void {
  const before = [...root.querySelectorAll<Field>('input[name], textarea[name]')].filter((field) => field.type !== 'hidden');
  if (before.length === 0) return;
  const pending = new Set(before);
  // The prerendered form whose submit button was clicked before React took over, and the form that replaces it.
  let held: HTMLFormElement | null = null;
  let replacement: HTMLFormElement | null = null;
  const holdForm = (form: HTMLFormElement | null) => {
    if (form && before.some((field) => field.form === form && field.isConnected)) held = form;
  };
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-prerendered-submit]') : null;
    holdForm(button instanceof HTMLButtonElement ? button.form : null);
  };
  // Enter in a one-line field submits its form, as it would once React's form is in.
  const holdEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
    const { form } = event.target;
    if (form?.querySelector('button[data-prerendered-submit]')) holdForm(form);
  };
  // Once detached, a field is no longer the document's active element: follow focus as it moves.
  let focused = before.find((field) => field === document.activeElement);
  const follow = (event: FocusEvent) => {
    // Only while the prerendered markup is up: React's autoFocus then moves it to a new field.
    if (before.some((field) => field.isConnected)) focused = before.find((field) => field === event.target);
  };
  const observer = new MutationObserver(() => {
    if (before.some((field) => field.isConnected)) return;
    for (const old of [...pending]) {
      const next = root.querySelector<Field>(`${old.localName}[name="${CSS.escape(old.name)}"]`);
      if (!next) continue;
      pending.delete(old);
      if (held && old.form === held) replacement = next.form;
      if (old.value !== '' && next.value === '') type(next, old.value);
      if (old !== focused) continue;
      next.focus();
      // Fields such as type=email have no caret to set (selectionStart is null).
      if (old.selectionStart !== null && next.selectionStart !== null) next.setSelectionRange(old.selectionStart, old.selectionEnd);
    }
    if (pending.size > 0) return;
    stop();
    // After React has taken the carried values into its state.
    const form = replacement;
    if (form) setTimeout(() => form.isConnected && form.requestSubmit(), 0);
  });
  const timer = setTimeout(() => stop(), withinMs);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', follow);
    document.removeEventListener('click', hold, true);
    document.removeEventListener('keydown', holdEnter, true);
    clearTimeout(timer);
  }
  document.addEventListener('focusin', follow);
  document.addEventListener('click', hold, true);
  document.addEventListener('keydown', holdEnter, true);
  observer.observe(root, { childList: true, subtree: true });
}

/**
 * Call before rendering into `root`. A click on one of the prerendered page's plain buttons (the
 * signed-in header's Sign Out, written by the server before the JavaScript is in) is held and, once
 * React's commit has replaced that markup, given to the button of the same text that took its place, so it does what it says rather than nothing. Submit buttons are carryTypedFields's. Gives up
 * after `withinMs`.
 */
export function carryClicks(root: HTMLElement, withinMs = 20_000): void {
  const before = [...root.querySelectorAll<HTMLButtonElement>('button:not([data-prerendered-submit]):not([type="submit"])')];
  if (before.length === 0) return;
  let held: string | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button instanceof HTMLButtonElement && before.includes(button) && button.isConnected) held = button.textContent?.trim() ?? null;
  };
  const observer = new MutationObserver(() => {
    if (before.some((button) => button.isConnected)) return;
    stop();
    const text = held;
    if (text === null) return;
    const next = [...root.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent?.trim() === text && !button.disabled);
    // After React's commit has finished and its handlers are attached.
    if (next) setTimeout(() => next.isConnected && next.click(), 0);
  });
  const timer = setTimeout(() => stop(), withinMs);
  function stop() {
    observer.disconnect();
    document.removeEventListener('click', hold, true);
    clearTimeout(timer);
  }
  document.addEventListener('click', hold, true);
  observer.observe(root, { childList: true, subtree: true });
}
