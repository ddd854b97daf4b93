// The jsdom setup every React workspace shares: jest-dom matchers and the browser APIs jsdom lacks.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router reads TextEncoder when it loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks these; Chakra (Ark/Zag) reads them when components mount.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

if (typeof (globalThis as { ResizeObserver?: unknown }).ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = ResizeObserverStub;
}

if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;
