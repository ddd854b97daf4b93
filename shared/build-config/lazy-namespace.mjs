// Runs in the browser, inside a shared facade (shared-facades.cjs): component namespaces such as
// Chakra's `Dialog` (`Dialog.Root`, `Dialog.Content`, …) whose parts live in a chunk that loads on
// their first render or on `load()`. The chunk comes from the same build as the facade, so its parts
// use the facade's own Chakra modules: one context, one system, one emotion cache.
import { createElement, lazy, Suspense } from 'react';

const PART_NAME = /^[A-Z]/;

/**
 * One lazily loaded chunk: `load()` fetches it once (again after a failure) and `current()` answers
 * its exports once they are in.
 * @param {() => Promise<Record<string, unknown>>} importChunk
 */
export function lazyChunk(importChunk) {
  let loading;
  let exports;
  return {
    load() {
      loading ??= importChunk().then(
        (module) => (exports = module),
        (error) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => exports,
  };
}

/**
 * The namespace export `name` of the chunk, whose parts can be rendered before the chunk is in.
 * @param {ReturnType<typeof lazyChunk>} chunk
 * @param {string} name
 */
export function lazyNamespace(chunk, name) {
  const parts = new Map();
  return new Proxy(
    {},
    {
      get(_target, part) {
        // Only component parts (Root, Trigger, …): not `then`, `$$typeof` or symbols asked by tooling.
        if (typeof part !== 'string' || !PART_NAME.test(part)) return undefined;
        if (parts.has(part)) return parts.get(part);
        // Once the chunk is in, a part first asked for is the component itself; a part asked for
        // before keeps its stand-in, so its identity (and the state below it) never changes.
        const loaded = chunk.current();
        const Part = loaded ? loaded[name][part] : standIn(chunk, name, part, () => parts.delete(part));
        parts.set(part, Part);
        return Part;
      },
    },
  );
}

/**
 * Renders nothing until the chunk is in (its own Suspense boundary), then the part itself. A failed
 * load reaches the error boundary above; `forget` makes the next render (a retry) try again.
 */
function standIn(chunk, name, part, forget) {
  const Lazy = lazy(() =>
    chunk.load().then(
      (module) => ({ default: module[name][part] }),
      (error) => {
        forget();
        throw error;
      },
    ),
  );
  // Once the chunk is in, the part renders at once: a part that waited a tick (as a lazy component
  // does on its first render) would miss the machines that look for it when they start (a dialog's
  // content, which its focus trap and Escape handling find by id).
  function LazyPart(props) {
    const loaded = chunk.current();
    if (loaded) return createElement(loaded[name][part], props);
    return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  }
  LazyPart.displayName = `${name}.${part}`;
  return LazyPart;
}
