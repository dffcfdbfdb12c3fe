/**
 * 新增协议 (spec 3 §2 "Add-agreement page", §5 "Enterprise agreement form"; decision 0040). Step 1
 * is the form: 签署方式, 签署平台 (the operator picks it; a platform's staff sign for their own), 企业名称,
 * 协议名称 (online, at most 40), 协议日期, 签订日期 (not after the start), and for an offline agreement
 * its signed files (Word or PDF, at most 10, under 50M). Step 2 writes an online agreement with one
 * platform seal and one enterprise seal, previewed as 协议内容; 提交并签署 saves it and opens the
 * platform's signing page in a new window.
 */
import { FileProtectOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_AGREEMENT_MSG,
  ENTERPRISE_AGREEMENT_TYPES,
  type EnterpriseAgreementSaveInput,
  INPUT_MAX_LENGTH,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Radio, Space, Steps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { AgreementEditor } from '../../components/agreement/AgreementEditor';
import { agreementContentRules } from '../../components/agreement/agreement-content';
import { RemoteSelect } from '../../components/RemoteSelect';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { DocumentUpload } from '../../components/upload/DocumentUpload';
import { requiredUploadRule } from '../../components/upload/required-upload-rule';
import { AgreementContentDialog } from './AgreementContentDialog';
import { AGREEMENT_DAY_FORMAT, agreementFilesOf, signDateRule } from './agreement-form';
import {
  ENTERPRISE_AGREEMENT_LIST_KEY,
  fetchSignAddress,
  openInNewWindow,
  reloadAfterSigning,
  saveEnterpriseAgreement,
} from './enterprise-agreement-calls';
import { ENTERPRISE_AGREEMENT_LIST_PATH } from './enterprise-agreement-paths';

interface FormValues {
  agreementType: 0 | 1;
  tenantId?: number;
  enterpriseId?: number;
  agreementName?: string;
  term?: [Dayjs, Dayjs];
  enterpriseSignTime?: Dayjs;
  agreementList?: AttachmentItem[];
  content?: string;
}

const TYPE_OPTIONS = [
  { value: 0, label: ENTERPRISE_AGREEMENT_TYPES[0] },
  { value: 1, label: ENTERPRISE_AGREEMENT_TYPES[1] },
];
const DAY = AGREEMENT_DAY_FORMAT;
/** What 下一步 checks: the form of step 1 (the text is step 2's). */
const STEP_ONE_FIELDS: (keyof FormValues)[] = [
  'agreementType',
  'tenantId',
  'enterpriseId',
  'agreementName',
  'term',
  'enterpriseSignTime',
];

/** The save call's input from the form (both steps' fields). */
export function toSaveInput(values: FormValues, tenantId: number): EnterpriseAgreementSaveInput {
  const online = values.agreementType === 1;
  return {
    agreementType: values.agreementType,
    tenantId,
    enterpriseId: values.enterpriseId as number,
    enterpriseSignTime: values.enterpriseSignTime?.format(DAY) ?? '',
    startTime: values.term?.[0].format(DAY) ?? '',
    endTime: values.term?.[1].format(DAY) ?? '',
    ...(online
      ? { agreementName: values.agreementName?.trim(), content: values.content }
      : { agreementList: agreementFilesOf(values.agreementList) }),
  };
}

export default function EnterpriseAgreementAddPage() {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isOperator = useIsPlatformOperator();
  const tenant = useSession((state) => state.userInfo?.tenant);
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const agreementType = Form.useWatch('agreementType', form) ?? 0;
  const chosenTenant = Form.useWatch('tenantId', form);
  const online = agreementType === 1;
  const tenantId = isOperator ? chosenTenant : tenant?.id;

  const backToList = () => navigate(ENTERPRISE_AGREEMENT_LIST_PATH);

  const saveOffline = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const { message } = await saveEnterpriseAgreement(toSaveInput(values, tenantId as number));
      notifier().success(message);
      void queryClient.invalidateQueries({ queryKey: ENTERPRISE_AGREEMENT_LIST_KEY });
      backToList();
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };

  const next = async () => {
    await form.validateFields(STEP_ONE_FIELDS);
    setStep(1);
  };

  /** Saves the online agreement and opens the platform's signing page at the click. */
  const submitAndSign = async () => {
    const values = { ...form.getFieldsValue(true), ...(await form.validateFields()) } as FormValues;
    setSaving(true);
    try {
      await openInNewWindow(async () => {
        const { result } = await saveEnterpriseAgreement(toSaveInput(values, tenantId as number));
        return fetchSignAddress(result.id, 0);
      });
      notifier().success(ENTERPRISE_AGREEMENT_MSG.signWindowHint);
      const reload = () => void queryClient.invalidateQueries({ queryKey: ENTERPRISE_AGREEMENT_LIST_KEY });
      reload();
      reloadAfterSigning(reload);
      backToList();
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      className="page-card enterprise-agreement-add"
      title={
        <span>
          <FileProtectOutlined /> 新增协议
        </span>
      }
    >
      {online && (
        <Steps
          className="enterprise-agreement-steps"
          current={step}
          items={[{ title: '填写协议信息' }, { title: '编辑协议内容' }]}
        />
      )}
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        initialValues={{ agreementType: 0 }}
        className="enterprise-agreement-form"
      >
        <div hidden={step !== 0}>
          <Form.Item
            name="agreementType"
            label="签署方式"
            rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.typeRequired }]}
          >
            <Radio.Group options={TYPE_OPTIONS} onChange={() => setStep(0)} />
          </Form.Item>
          {isOperator ? (
            <Form.Item
              name="tenantId"
              label="签署平台"
              rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.tenantRequired }]}
            >
              <RemoteSelect
                kind="tenant"
                placeholder="请选择签署平台"
                style={{ width: 360 }}
                onChange={() => form.setFieldValue('enterpriseId', undefined)}
              />
            </Form.Item>
          ) : (
            <Form.Item label="签署平台">
              <Input value={tenant?.tenantName} disabled style={{ width: 360 }} />
            </Form.Item>
          )}
          <Form.Item
            name="enterpriseId"
            label="企业名称"
            rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.enterpriseRequired }]}
          >
            <RemoteSelect
              kind="enterprise"
              placeholder="请输入企业名称"
              filters={{ tenantId }}
              disabled={!tenantId}
              style={{ width: 360 }}
            />
          </Form.Item>
          {online && (
            <Form.Item
              name="agreementName"
              label="协议名称"
              rules={[
                { required: true, whitespace: true, message: ENTERPRISE_AGREEMENT_MSG.nameRequired },
                { max: INPUT_MAX_LENGTH.agreementNameForm, message: ENTERPRISE_AGREEMENT_MSG.nameTooLong },
              ]}
            >
              <Input
                placeholder="请输入协议名称"
                maxLength={INPUT_MAX_LENGTH.agreementNameForm}
                showCount
                style={{ width: 360 }}
              />
            </Form.Item>
          )}
          <Form.Item
            name="term"
            label="协议日期"
            rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.datesRequired }]}
          >
            <DatePicker.RangePicker
              style={{ width: 360 }}
              onChange={() => {
                if (form.getFieldValue('enterpriseSignTime')) void form.validateFields(['enterpriseSignTime']);
              }}
            />
          </Form.Item>
          <Form.Item
            name="enterpriseSignTime"
            label="签订日期"
            rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.signDateRequired }, signDateRule(form)]}
          >
            <DatePicker style={{ width: 360 }} placeholder="请选择签订日期" />
          </Form.Item>
          {!online && (
            <Form.Item
              name="agreementList"
              label="协议文件"
              required
              rules={[requiredUploadRule(ENTERPRISE_AGREEMENT_MSG.filesRequired)]}
            >
              <DocumentUpload
                scene="agreement"
                uploadPath="agreement"
                buttonText="上传协议"
                onBusyChange={setUploading}
              />
            </Form.Item>
          )}
          <Form.Item label=" " colon={false}>
            <Space>
              <Button onClick={backToList}>取消</Button>
              {online ? (
                <Button type="primary" onClick={() => void next().catch(() => undefined)}>
                  下一步
                </Button>
              ) : (
                <Button
                  type="primary"
                  loading={saving}
                  disabled={uploading}
                  onClick={() => void saveOffline().catch(() => undefined)}
                >
                  保存
                </Button>
              )}
            </Space>
          </Form.Item>
        </div>
        {online && (
          <div hidden={step !== 1}>
            <Alert
              type="info"
              showIcon
              className="enterprise-agreement-hint"
              message={ENTERPRISE_AGREEMENT_MSG.signHint}
            />
            <Form.Item
              name="content"
              label="协议内容"
              rules={agreementContentRules('agreement', ENTERPRISE_AGREEMENT_MSG.contentRequired)}
            >
              <AgreementEditor tools={['platformSeal', 'enterpriseSeal']} />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Space>
                <Button onClick={() => setStep(0)}>上一步</Button>
                <Button onClick={() => setPreviewing(form.getFieldValue('content') ?? '')}>预览</Button>
                <Button type="primary" loading={saving} onClick={() => void submitAndSign().catch(() => undefined)}>
                  提交并签署
                </Button>
              </Space>
            </Form.Item>
          </div>
        )}
      </Form>
      <AgreementContentDialog
        source={previewing === null ? null : { content: previewing }}
        onClose={() => setPreviewing(null)}
      />
    </Card>
  );
}
