/**
 * The agreement template (protocol) dialog (spec 3 §2, §5 "Agreement template"; decision 0041): add,
 * edit or detail. 协议名称 (at most 20) and 协议内容 in the agreement editor with one signature field
 * (签名) and the variables (插入变量); no seal. The text is checked for sensitive words before saving
 * and a find is shown as a warning naming the words.
 */
import {
  AGREEMENT_TEMPLATE_MSG,
  type AgreementTemplate,
  INPUT_MAX_LENGTH,
  MSG,
  TEMPLATE_VARIABLES,
  type TemplateParam,
  DIALOG_WIDTH,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { AgreementEditor } from '../../components/agreement/AgreementEditor';
import { agreementContentRules, agreementPlainText, variablesOf } from '../../components/agreement/agreement-content';
import { findSensitiveWords } from '../system/sensitive-word-calls';
import { AGREEMENT_TEMPLATES_KEY, fetchTemplate, saveTemplate } from './agreement-template-calls';
import type { AgreementOwner } from './SigningRecords';

export type TemplateDialogMode = { kind: 'add' } | { kind: 'edit' | 'detail'; id: number };

interface FormValues {
  agreementName: string;
  content: string;
}

const VARIABLES = TEMPLATE_VARIABLES.map(({ key, label }) => ({ key, label }));
const TITLES = { add: '新增协议模板', edit: '编辑协议模板', detail: '协议模板详情' } as const;

export function AgreementTemplateDialog({
  owner,
  mode,
  onClose,
}: {
  owner: AgreementOwner;
  mode: TemplateDialogMode | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const id = mode && mode.kind !== 'add' ? mode.id : null;
  const readOnly = mode?.kind === 'detail';
  const template = useQuery({
    queryKey: [...AGREEMENT_TEMPLATES_KEY, 'one', id],
    queryFn: () => fetchTemplate(id as number),
    enabled: id !== null,
  });
  const loaded: AgreementTemplate | undefined = id === null ? undefined : template.data;

  useEffect(() => {
    if (!mode) return;
    if (mode.kind === 'add') form.resetFields();
    else if (loaded) form.setFieldsValue({ agreementName: loaded.agreementName, content: loaded.content });
  }, [mode, loaded, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const found = await findSensitiveWords(`${values.agreementName}\n${agreementPlainText(values.content)}`);
      if (found.words.length > 0) {
        notifier().warning(MSG.sensitiveWordsFoundNamed(found.words));
        return;
      }
      const { message } = await saveTemplate({
        ...owner,
        ...(id === null ? {} : { id }),
        agreementName: values.agreementName.trim(),
        content: values.content,
        params: variablesOf(values.content) as TemplateParam[],
      });
      notifier().success(message);
      await queryClient.invalidateQueries({ queryKey: AGREEMENT_TEMPLATES_KEY });
      onClose();
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };

  const waiting = id !== null && !loaded;
  return (
    <Modal
      open={mode !== null}
      title={mode ? TITLES[mode.kind] : ''}
      width={DIALOG_WIDTH.enterpriseLarge}
      onCancel={onClose}
      destroyOnHidden
      footer={
        readOnly ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              loading={saving}
              disabled={waiting}
              onClick={() => void save().catch(() => undefined)}
            >
              保存
            </Button>
          </Space>
        )
      }
    >
      {waiting ? (
        <div className="agreement-content-loading">
          <Spin />
        </div>
      ) : (
        <Form<FormValues> form={form} layout="vertical" disabled={readOnly} className="agreement-template-form">
          <Form.Item
            name="agreementName"
            label="协议名称"
            rules={[
              { required: true, whitespace: true, message: AGREEMENT_TEMPLATE_MSG.nameRequired },
              { max: INPUT_MAX_LENGTH.agreementNameTemplate, message: AGREEMENT_TEMPLATE_MSG.nameTooLong },
            ]}
          >
            <Input placeholder="请输入协议名称" maxLength={INPUT_MAX_LENGTH.agreementNameTemplate} showCount />
          </Form.Item>
          <Form.Item
            name="content"
            label="协议内容"
            rules={readOnly ? [] : agreementContentRules('template', AGREEMENT_TEMPLATE_MSG.contentRequired)}
            extra={readOnly ? undefined : '请在乙方签字处插入一个签名，可插入变量，签署时自动填入签署人的信息'}
          >
            <AgreementEditor
              tools={readOnly ? [] : ['signature']}
              variables={readOnly ? undefined : VARIABLES}
              readOnly={readOnly}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
