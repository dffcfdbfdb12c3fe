/**
 * What a dialog could not load: `${what}加载失败` with 重新加载, which asks again. The request layer
 * has already shown the server's message; this keeps the dialog usable instead of empty.
 */
import { Alert, Button } from 'antd';

export function LoadFailedAlert({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${what}加载失败`}
      action={
        <Button size="small" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
