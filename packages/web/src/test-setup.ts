import { cleanup, configure } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { setMessageApi } from './app/notify';

// findBy… and waitFor wait for a state; on a loaded 2-core machine (CI runs the suites while the
// browser tests' server starts) antd's validation and renders can take seconds, not the default 1 s.
// Role queries skip the accessibility-tree check of every element (a computed style each, the slowest
// part of a query in jsdom): measured on the six slowest files, 429 s down to 347 s, every test passing.
configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

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

if (inBrowserLikeEnv) {
  // antd measures scrollbars with a pseudo element, which jsdom does not implement.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

// antd's static toasts live in a React root of their own with 3-second timers that outlive the
// test file's jsdom ("window is not defined"); tests get a recording stand-in instead. A test that
// cares about a toast mocks app/notify or reads these calls.
beforeEach(() => {
  if (!inBrowserLikeEnv) return;
  setMessageApi({
    success: vi.fn(),
    warning: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    loading: vi.fn(),
    open: vi.fn(),
    destroy: vi.fn(),
  } as unknown as MessageInstance);
});

afterEach(() => {
  if (!inBrowserLikeEnv) return;
  cleanup();
  localStorage.clear();
});

// React's scheduler may still hold work the last test queued (a navigation, a lazy page); let it
// run while jsdom's window exists, or it throws "window is not defined" after the teardown.
afterAll(async () => {
  if (!inBrowserLikeEnv) return;
  await new Promise((resolve) => setTimeout(resolve, 50));
});
