/**
 * 企业风险 on 企业信息 (spec 3 §3 "Enterprise", §4 "Enterprise page editing", §5 "Enterprise limit
 * edit"): 注册资本（万元）, 经营状态 and 涉诉情况, shown as ** until the desensitized view is unlocked.
 * The platform's own staff (userIdentity 2) with enterpriseAccountManage:info:modify switch it to edit
 * mode; while masked, 编辑 answers 请先脱敏之后再进行编辑.
 */
import { DICT_CODES, type EnterpriseInfo, enterpriseLimitInputSchema, INPUT_MAX_LENGTH } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { orDash } from '../../components/text';
import { zodRule } from '../../components/zod-rule';
import { fetchDictOptions, saveEnterpriseLimit } from './enterprise-calls';
import { useEnterpriseEdit } from './use-enterprise-edit';

interface LimitForm {
  registeredCapital: string;
  manageStatus?: string;
  cases?: string;
}

function RiskForm({ info, onDone }: { info: EnterpriseInfo; onDone(): void }) {
  const [form] = Form.useForm<LimitForm>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const manageStatuses = useQuery({
    queryKey: ['dict', DICT_CODES.manageStatus],
    queryFn: () => fetchDictOptions(DICT_CODES.manageStatus),
  });
  const cases = useQuery({ queryKey: ['dict', DICT_CODES.cases], queryFn: () => fetchDictOptions(DICT_CODES.cases) });

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const message = await saveEnterpriseLimit({
        enterpriseId: info.id,
        tenantId: info.tenantId,
        registeredCapital: values.registeredCapital.trim(),
        manageStatus: values.manageStatus ?? '',
        cases: values.cases ?? '',
      });
      notifier().success(message);
      await queryClient.invalidateQueries({ queryKey: ['enterprise', 'info'] });
      onDone();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<LimitForm>
      form={form}
      layout="inline"
      className="enterprise-risk-form"
      initialValues={{
        registeredCapital: info.registeredCapital,
        manageStatus: info.manageStatus || undefined,
        cases: info.cases || undefined,
      }}
    >
      <Form.Item
        name="registeredCapital"
        label="注册资本（万元）"
        rules={[zodRule(enterpriseLimitInputSchema.shape.registeredCapital)]}
      >
        <Input placeholder="请输入注册资本" maxLength={INPUT_MAX_LENGTH.registeredCapital} />
      </Form.Item>
      <Form.Item name="manageStatus" label="经营状态">
        <Select
          allowClear
          placeholder="请选择经营状态"
          options={manageStatuses.data ?? []}
          loading={manageStatuses.isLoading}
          className="enterprise-risk-select"
        />
      </Form.Item>
      <Form.Item name="cases" label="涉诉情况">
        <Select
          allowClear
          placeholder="请选择涉诉情况"
          options={cases.data ?? []}
          loading={cases.isLoading}
          className="enterprise-risk-select"
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button onClick={onDone}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
            保存
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

export function EnterpriseRiskBlock({ info }: { info: EnterpriseInfo }) {
  const [editing, setEditing] = useState(false);
  const { canEdit, unlessMasked } = useEnterpriseEdit(info, 'registration');
  const startEditing = unlessMasked(() => setEditing(true));
  return (
    <Card
      className="enterprise-block"
      size="small"
      title="企业风险"
      extra={
        canEdit && !editing ? (
          <Button type="link" size="small" onClick={startEditing}>
            编辑
          </Button>
        ) : undefined
      }
    >
      {editing ? (
        <RiskForm info={info} onDone={() => setEditing(false)} />
      ) : (
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="注册资本（万元）">{orDash(info.registeredCapital)}</Descriptions.Item>
          <Descriptions.Item label="经营状态">{orDash(info.manageStatus_dictText)}</Descriptions.Item>
          <Descriptions.Item label="涉诉情况">{orDash(info.cases_dictText)}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
