/**
 * Row actions that ask first: `useConfirmedAction(onDone)` gives `run(content, work, done)`, which
 * confirms with `content`, runs `work`, shows `done` and calls `onDone` (a list refresh); a refusal
 * has been shown by the request layer and changes nothing. `StatusToggleButton` is the 禁用/启用 link
 * of account and platform lists, red while the row is enabled.
 */
import { Button } from 'antd';
import { useConfirm } from '../ConfirmProvider';
import { notifier } from '../../app/notify';

export function useConfirmedAction(onDone: () => void) {
  const confirm = useConfirm();
  return async <T,>(content: string, work: () => Promise<T>, done: string): Promise<T | undefined> => {
    if (!(await confirm({ content }))) return undefined;
    try {
      const answer = await work();
      notifier().success(done);
      onDone();
      return answer;
    } catch {
      // the request layer has shown the server's message
      return undefined;
    }
  };
}

export function StatusToggleButton({ enabled, onToggle }: { enabled: boolean; onToggle(): void }) {
  return (
    <Button type="link" size="small" danger={enabled} onClick={onToggle}>
      {enabled ? '禁用' : '启用'}
    </Button>
  );
}
