/**
 * 协议凭证 of 企业信息 (spec 3 §2 "Enterprise detail", §4 "Enterprise page editing", §5 "Enterprise
 * agreement upload"; decisions 0040): how many agreements the enterprise has with its platform and
 * 签署记录, the dialog listing them. While it has none, the platform's own staff who may add agreements
 * upload the signed one here (协议, 协议日期, 签订日期), recorded as an offline agreement.
 */
import { FileProtectOutlined } from '@ant-design/icons';
import { ENTERPRISE_AGREEMENT_MSG, type EnterpriseInfo } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { DocumentUpload } from '../../components/upload/DocumentUpload';
import { requiredUploadRule } from '../../components/upload/required-upload-rule';
import {
  ENTERPRISE_AGREEMENT_LIST_KEY,
  fetchSigningRecords,
  SIGNING_RECORDS_KEY,
  saveEnterpriseAgreement,
} from '../agreements/enterprise-agreement-calls';
import { AGREEMENT_DAY_FORMAT, agreementFilesOf, signDateRule } from '../agreements/agreement-form';
import { SigningRecordsDialog } from '../agreements/SigningRecords';
import { useEnterpriseEdit } from './use-enterprise-edit';

interface VoucherValues {
  agreementList: AttachmentItem[];
  term: [Dayjs, Dayjs];
  enterpriseSignTime: Dayjs;
}

const DAY = AGREEMENT_DAY_FORMAT;

function VoucherForm({ info, onSaved }: { info: EnterpriseInfo; onSaved(): void }) {
  const [form] = Form.useForm<VoucherValues>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const { message } = await saveEnterpriseAgreement({
        agreementType: 0,
        enterpriseId: info.id,
        tenantId: info.tenantId,
        enterpriseSignTime: values.enterpriseSignTime.format(DAY),
        startTime: values.term[0].format(DAY),
        endTime: values.term[1].format(DAY),
        agreementList: agreementFilesOf(values.agreementList),
      });
      notifier().success(message);
      onSaved();
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<VoucherValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '90px' }}
      className="enterprise-voucher-form"
    >
      <Form.Item
        name="agreementList"
        label="协议"
        required
        rules={[requiredUploadRule(ENTERPRISE_AGREEMENT_MSG.voucherRequired)]}
      >
        <DocumentUpload scene="agreement" uploadPath="agreement" buttonText="上传协议" onBusyChange={setUploading} />
      </Form.Item>
      <Form.Item
        name="term"
        label="协议日期"
        rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.datesRequired }]}
      >
        <DatePicker.RangePicker style={{ width: 320 }} />
      </Form.Item>
      <Form.Item
        name="enterpriseSignTime"
        label="签订日期"
        rules={[{ required: true, message: ENTERPRISE_AGREEMENT_MSG.signDateRequired }, signDateRule(form)]}
      >
        <DatePicker style={{ width: 320 }} placeholder="请选择签订日期" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button
            type="primary"
            loading={saving}
            disabled={uploading}
            onClick={() => void save().catch(() => undefined)}
          >
            保存
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

export function EnterpriseAgreementsBlock({ info }: { info: EnterpriseInfo }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const owner = { enterpriseId: info.id, tenantId: info.tenantId };
  const edit = useEnterpriseEdit(info, 'agreements');
  const counts = useQuery({
    queryKey: [...SIGNING_RECORDS_KEY, 'count', owner.enterpriseId, owner.tenantId],
    queryFn: async () => {
      const [all, running] = await Promise.all([
        fetchSigningRecords({ ...owner, pageNo: 1, pageSize: 1 }),
        fetchSigningRecords({ ...owner, pageNo: 1, pageSize: 1, signStatus: 2 }),
      ]);
      return { total: all.total, running: running.total };
    },
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: SIGNING_RECORDS_KEY });
    void queryClient.invalidateQueries({ queryKey: ENTERPRISE_AGREEMENT_LIST_KEY });
  };
  return (
    <Card
      className="enterprise-block"
      size="small"
      title={
        <span>
          <FileProtectOutlined /> 协议凭证
        </span>
      }
      extra={
        <Button type="link" size="small" className="enterprise-signing-records" onClick={() => setOpen(true)}>
          签署记录
        </Button>
      }
    >
      {counts.data && counts.data.total === 0 && edit.canEdit ? (
        <VoucherForm info={info} onSaved={reload} />
      ) : (
        <div className="enterprise-muted enterprise-agreement-count">
          {counts.data
            ? counts.data.total === 0
              ? '暂无协议'
              : `共 ${counts.data.total} 份协议，其中履约中 ${counts.data.running} 份`
            : '加载中…'}
        </div>
      )}
      <SigningRecordsDialog owner={open ? owner : null} onClose={() => setOpen(false)} />
    </Card>
  );
}
