// What `measure:screens` (bench/measure-first-screens.ts) reads in the page, by the page's own clock: when the
// page's own data is on screen, the click that started a move inside the app, paints and layout shifts. Playwright's
// checks run between the page's tasks and add 250-600 ms to any time they read, so every time here is the page's
// `performance.now()` or a performance entry, and the script only waits for the page to say so.

/** The data a screen is waiting for: any of `texts` inside an element matching `within`. */
export interface DataTarget {
  /** What the texts are, for the output ("the first ticket's title"). */
  what: string;
  texts: string[];
  /** Where the page's own data is (`main`: not the header's name, not the server's first screen). */
  within: string;
}

/** One load of a screen, in ms from the navigation's start (null: not measured, or not within the wait). */
export interface LoadTiming {
  firstPaint: number | null;
  largestPaint: number | null;
  /** The page's own data on screen; null with `failure` when it never came. */
  dataVisible: number | null;
  /** Layout shifts without recent input, summed, until the data was visible + 1 s. */
  cls: number;
  /** The elements of the largest shifts, largest first (`div.chakra-stack "Backlog (3)"`). */
  shifted: string[];
  failure?: string;
}

/** The longest the script waits for a text to show (by the page's clock), then that sample fails. */
export const WAIT_MS = 60_000;
/** How long after the data shows the page is left to settle before its paints and shifts are read. */
export const SETTLE_MS = 1_000;
/** How long the page waits for the paint of the data it found (an element timing entry) before it takes the frame's time. */
export const PAINT_WAIT_MS = 2_000;
/** A text this short must be an element's whole text ("Agent", not "Agent Dashboard"). */
export const WHOLE_TEXT_BELOW = 12;

/**
 * Plain words of a Markdown note, as the page renders them: the longest run of letters, digits, spaces and
 * plain punctuation on one line (Markdown's marks split runs, so the run lies inside one rendered element's
 * text), at most 60 characters cut at a word.
 */
export function noteSnippet(markdown: string): string {
  const runs = markdown
    .split('\n')
    .flatMap((line) => line.replace(/^\s*(?:[-*+>]|#{1,6}|\d+\.)\s+/, '').split(/[*_`#[\]()<>|~\\]+|https?:\S+/))
    .map((run) => run.replace(/\s+/g, ' ').trim())
    .filter((run) => /[a-z]/i.test(run));
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  if (longest.length <= 60) return longest;
  const cut = longest.slice(0, 60);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).trim();
}

/**
 * The script each page of a measured context runs before its own (Page.addInitScript): `window.__portalMeasure`
 * watches for the target's text, records clicks, paints and layout shifts. A string, not a function: tsx would
 * wrap a function's inner names in a helper the page does not have.
 *
 * - `watch(target)`: from now, wait for any of the target's texts in a visible element inside `target.within`
 *   (or a form field's value) that was not there when watching started, outside the server's first screen
 *   (`[data-portal-first-screen]`). Checked in the frame after any change to the page (before it paints), in each
 *   frame while the text is there but not yet visible, and every 100 ms (a field's value set by script). Its time is that element's paint: the element found gets an `elementtiming`
 *   attribute before the frame paints, and the Element Timing entry's renderTime is taken; without an entry
 *   within PAINT_WAIT_MS, the time of the frame it was found in (`painted: false`).
 * - `result(untilMs)`: resolves when the text showed (`{ at, text }`) or once the page's clock reaches `untilMs`
 *   (`{ timedOut: true }`).
 * - `clickAt`: `performance.now()` at the first pointerdown (or click) since `watch`, in the capture phase.
 * - `timings(untilMs)`: first and largest contentful paint, layout shifts without recent input until `untilMs`.
 */
export function pageWatchScript(initial: DataTarget | null): string {
  return `(() => {
  const WHOLE_BELOW = ${WHOLE_TEXT_BELOW};
  const state = { target: null, seen: new WeakSet(), found: null, pending: null, marked: 0, waiters: [], clickAt: null, frame: 0, poll: 0 };
  const shifts = [];
  const largest = [];
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : '(removed since)';
    const classes = [...node.classList].filter((name) => !/^css-/.test(name)).slice(0, 2).map((name) => '.' + name).join('');
    const label = node.getAttribute('aria-label');
    const text = (node.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    return node.localName + classes + (label ? '[aria-label="' + label + '"]' : '') + (text ? ' "' + text + '"' : '');
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        shifts.push({ at: entry.startTime, value: entry.value, input: entry.hadRecentInput,
          sources: (entry.sources || []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) largest.push({ at: entry.startTime, element: describe(entry.element) });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  // The deepest elements whose text holds \`text\` (a short text: is it).
  const holders = (element, text) => {
    if (!(element.textContent || '').includes(text)) return [];
    const inside = [...element.children].flatMap((child) => holders(child, text));
    if (inside.length) return inside;
    if (text.length < WHOLE_BELOW && element.textContent.trim() !== text) return [];
    return [element];
  };
  const matches = () => {
    const target = state.target;
    const out = [];
    for (const root of document.querySelectorAll(target.within)) {
      const all = root.textContent || '';
      for (const text of target.texts) {
        if (all.includes(text)) for (const element of holders(root, text)) out.push({ element, text });
      }
      // A form's data is in its fields' values, not in the page's text.
      for (const field of root.querySelectorAll('input, textarea')) {
        const text = target.texts.find((each) => (each.length < WHOLE_BELOW ? field.value === each : field.value.includes(each)));
        if (text) out.push({ element: field, text });
      }
    }
    return out.filter(({ element }) => !element.closest('[data-portal-first-screen]'));
  };
  const visible = (element) => {
    if (element.checkVisibility && !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const check = () => {
    state.frame = 0;
    if (!state.target || state.found || state.pending) return;
    const fresh = matches().filter(({ element }) => !state.seen.has(element));
    const shown = fresh.find(({ element }) => visible(element));
    if (shown) {
      // Found in the frame before its paint; the paint's own time comes as an element timing entry.
      state.marked += 1;
      const id = 'portal-data-' + state.marked;
      state.pending = { id, at: performance.now(), text: shown.text };
      shown.element.setAttribute('elementtiming', id);
      setTimeout(() => finish(id, null), ${PAINT_WAIT_MS});
    } else if (fresh.length) {
      state.frame = requestAnimationFrame(check);
    }
  };
  const finish = (id, paintedAt) => {
    const pending = state.pending;
    if (!pending || pending.id !== id || state.found) return;
    state.found = paintedAt === null ? { at: pending.at, text: pending.text, painted: false } : { at: paintedAt, text: pending.text, painted: true };
    clearInterval(state.poll);
    for (const resolve of state.waiters.splice(0)) resolve(state.found);
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) finish(entry.identifier, entry.renderTime || entry.startTime);
    }).observe({ type: 'element', buffered: true });
  } catch {}
  const changed = () => {
    if (state.target && !state.found && !state.pending && !state.frame) state.frame = requestAnimationFrame(check);
  };
  new MutationObserver(changed).observe(document, {
    childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'],
  });
  const clicked = () => {
    if (state.clickAt === null) state.clickAt = performance.now();
  };
  addEventListener('pointerdown', clicked, true);
  addEventListener('click', clicked, true);
  const measure = {
    watch(target) {
      state.target = target;
      state.found = null;
      state.pending = null;
      state.clickAt = null;
      state.seen = new WeakSet();
      if (document.body) for (const { element } of matches()) state.seen.add(element);
      // A field's value set by script changes nothing a MutationObserver sees: checked every 100 ms too.
      clearInterval(state.poll);
      state.poll = setInterval(changed, 100);
      changed();
    },
    get clickAt() { return state.clickAt; },
    result(waitMs) {
      if (state.found) return Promise.resolve(state.found);
      return new Promise((resolve) => {
        state.waiters.push(resolve);
        setTimeout(() => resolve({ timedOut: true, at: performance.now() }), Math.max(0, waitMs - performance.now()));
      });
    },
    loaded() {
      return document.readyState === 'complete'
        ? Promise.resolve(performance.now())
        : new Promise((resolve) => addEventListener('load', () => resolve(performance.now()), { once: true }));
    },
    timings(untilMs) {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const lcp = largest.filter((entry) => entry.at <= untilMs).pop();
      const counted = shifts.filter((shift) => !shift.input && shift.at <= untilMs);
      return {
        firstPaint: paint ? paint.startTime : null,
        largestPaint: lcp ? lcp.at : null,
        largestElement: lcp ? lcp.element : null,
        cls: counted.reduce((sum, shift) => sum + shift.value, 0),
        shifted: counted.sort((a, b) => b.value - a.value).slice(0, 3)
          .map((shift) => shift.value.toFixed(3) + ' ' + (shift.sources[0] || '?')),
      };
    },
  };
  Object.defineProperty(window, '__portalMeasure', { value: measure });
  const initial = ${JSON.stringify(initial)};
  if (initial) measure.watch(initial);
})();`;
}

/** A sample's value, or why there is none. */
export type Sample = number | { failure: string };

/** The middle value (the upper one of an even count). */
function middle(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** The median of the samples that have a value, as a cell: `1,234 ms`, `not within 60 s`, `812 ms (1 of 3 not within 60 s)`. */
export function medianCell(samples: readonly Sample[], unit: 'ms' | 'cls' | 'KB'): string {
  const values = samples.filter((sample): sample is number => typeof sample === 'number');
  const failures = samples.length - values.length;
  if (samples.length === 0) return '-';
  if (values.length === 0) return failureText(samples);
  const text = formatValue(middle(values), unit);
  return failures > 0 ? `${text} (${failures} of ${samples.length} ${failureText(samples)})` : text;
}

function failureText(samples: readonly Sample[]): string {
  const first = samples.find((sample): sample is { failure: string } => typeof sample !== 'number');
  return first ? first.failure : '';
}

export function formatValue(value: number, unit: 'ms' | 'cls' | 'KB'): string {
  if (unit === 'cls') return value.toFixed(3);
  if (unit === 'KB') return `${(value / 1024).toFixed(0)} KB`;
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

/** After minus before, as a cell (`+120 ms`, `-0.010`); `-` unless both have a value. */
export function differenceCell(before: readonly Sample[], after: readonly Sample[], unit: 'ms' | 'cls' | 'KB'): string {
  const median = (samples: readonly Sample[]) => {
    const values = samples.filter((sample): sample is number => typeof sample === 'number');
    return values.length ? middle(values) : null;
  };
  const [was, now] = [median(before), median(after)];
  if (was === null || now === null) return '-';
  const change = now - was;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatValue(Math.abs(change), unit)}`;
}

/** A Markdown table: the header row, its alignment (first column left, the rest right) and the rows. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_cell, index) => (index === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}
