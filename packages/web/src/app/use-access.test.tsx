import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from './session-store';
import { useAccess } from './use-access';

afterEach(() => act(() => useSession.getState().clear()));

describe('useAccess', () => {
  it('can(code) follows the session permission list', () => {
    act(() => useSession.getState().setPerm({ menuList: [], permList: ['page:list:download'] }));
    const { result } = renderHook(() => useAccess());
    expect(result.current.can('page:list:download')).toBe(true);
    expect(result.current.can('projectManage:pro:modify')).toBe(false);

    act(() => useSession.getState().setPerm({ menuList: [], permList: ['projectManage:pro:modify'] }));
    expect(result.current.can('page:list:download')).toBe(false);
    expect(result.current.can('projectManage:pro:modify')).toBe(true);
  });

  it('allows nothing once the session is cleared', () => {
    act(() => useSession.getState().setPerm({ menuList: [], permList: ['page:list:download'] }));
    const { result } = renderHook(() => useAccess());
    act(() => useSession.getState().clear());
    expect(result.current.can('page:list:download')).toBe(false);
  });
});
