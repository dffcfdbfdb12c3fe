import { cleanup } from '@testing-library/react';
import { message, notification } from 'antd';
import { afterAll, afterEach } from 'vitest';

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

afterEach(() => {
  if (!inBrowserLikeEnv) return;
  // toasts of the static API live in their own React root with 3-second timers: close them with
  // the test, or they render after jsdom is gone ("window is not defined")
  message.destroy();
  notification.destroy();
  cleanup();
  localStorage.clear();
});

// React's scheduler may still hold work the last test queued (a navigation, a lazy page); let it
// run while jsdom's window exists, or it throws "window is not defined" after the teardown.
afterAll(async () => {
  if (!inBrowserLikeEnv) return;
  await new Promise((resolve) => setTimeout(resolve, 50));
});
