import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepaliveInterval, PING_INTERVAL_OVERRIDE_KEY, startKeepalive } from './keepalive';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('keepalive', () => {
  it('pings every 600000 ms and stops after 10 pings', () => {
    const ping = vi.fn(() => Promise.resolve());
    startKeepalive(ping);
    vi.advanceTimersByTime(599_999);
    expect(ping).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ping).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000 * 20);
    expect(ping).toHaveBeenCalledTimes(10);
  });

  it('keeps going after a failed ping (the request layer shows it)', async () => {
    const ping = vi.fn(() => Promise.reject(new Error('会话保持失败')));
    startKeepalive(ping, 1000, 3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ping).toHaveBeenCalledTimes(3);
  });

  it('stops when asked', () => {
    const ping = vi.fn(() => Promise.resolve());
    const stop = startKeepalive(ping, 1000);
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it('takes a shorter interval from the e2e hook only when it is a positive integer', () => {
    expect(keepaliveInterval()).toBe(600_000);
    localStorage.setItem(PING_INTERVAL_OVERRIDE_KEY, '500');
    expect(keepaliveInterval()).toBe(500);
    localStorage.setItem(PING_INTERVAL_OVERRIDE_KEY, 'abc');
    expect(keepaliveInterval()).toBe(600_000);
  });
});
