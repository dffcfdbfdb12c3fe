import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd reads media queries and observes sizes; jsdom has neither.
const inBrowserLikeEnv = typeof window !== 'undefined';

if (inBrowserLikeEnv && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (inBrowserLikeEnv && !('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: NoopResizeObserver });
}

afterEach(() => {
  if (!inBrowserLikeEnv) return;
  cleanup();
  localStorage.clear();
});
