/**
 * The console's form dialog: a modal holding one vertical form, 确定/取消, the OK button busy while
 * saving, closed only by its buttons. `onSubmit` gets the validated values and saves them (showing
 * its own success message); when it resolves the dialog closes, when it fails the dialog stays open,
 * the request layer having shown the server's message. It answers `false` to stay open on a check of
 * its own that the form's rules cannot make (the dialog shows why).
 */
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

export interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<Values>;
  /** answers `false` to stay open; anything else closes the dialog */
  onSubmit(values: Values): Promise<unknown>;
  onClose(): void;
  width?: number;
  okText?: string;
  initialValues?: Partial<Values>;
  children: ReactNode;
}

export function FormDialog<Values>({
  open,
  title,
  form,
  onSubmit,
  onClose,
  width = 520,
  okText = '确定',
  initialValues,
  children,
}: FormDialogProps<Values>) {
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if ((await onSubmit(values)) !== false) onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
