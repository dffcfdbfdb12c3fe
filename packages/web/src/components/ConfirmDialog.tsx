import { confirmButtons, DIALOG_WIDTH, MSG } from '@fieldpay/domain';
/**
 * The shared confirmation dialog (spec 1 §8): button texts by type, default title 提示, 480 wide.
 * Use the component directly, or `useConfirmDialog()` for an awaitable confirm.
 */
import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** spec 1 §8 type: 0, 3, 10, 11, 12, 14, 15, 16, 17, 101; anything else has one 关闭 button */
  type?: number;
  title?: ReactNode;
  content: ReactNode;
  confirmLoading?: boolean;
  width?: number;
  onConfirm?(): void;
  onCancel?(): void;
}

export function ConfirmDialog({
  open,
  type = 0,
  title = MSG.confirmDefaultTitle,
  content,
  confirmLoading,
  width = DIALOG_WIDTH.small,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { cancelText, okText } = confirmButtons(type);
  const footer = [
    cancelText ? (
      <Button key="cancel" onClick={onCancel}>
        {cancelText}
      </Button>
    ) : null,
    okText ? (
      <Button key="ok" type="primary" loading={confirmLoading} onClick={onConfirm}>
        {okText}
      </Button>
    ) : null,
  ];
  return (
    <Modal
      open={open}
      title={
        <span className="confirm-dialog-title">
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
          {title}
        </span>
      }
      width={width}
      onCancel={onCancel}
      footer={footer}
      mask={{ closable: false }}
      centered
      destroyOnHidden
    >
      <div style={{ padding: '8px 0 4px 24px' }}>{content}</div>
    </Modal>
  );
}

export interface ConfirmOptions {
  type?: number;
  title?: ReactNode;
  content: ReactNode;
}

/** `const [confirm, holder] = useConfirmDialog()`; render `holder`; `await confirm({...})` is true on the ok button. */
export function useConfirmDialog(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const holder = useMemo(
    () => (
      <ConfirmDialog
        open={options !== null}
        type={options?.type}
        title={options?.title}
        content={options?.content}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    ),
    [options, settle],
  );
  return [confirm, holder];
}
