/**
 * 生成结算单 (结算管理 > 结算中心, enterprise side; spec 2 §5, §7, §8; decision 0021): the enterprise
 * picks a project and one of its service types (getParentProjectTypes: grouped under their parents), sees what would be settled now (tasks, persons, the
 * tasks' rewards), and makes the settlement of every audited, unsettled task of them. The request id
 * lives as long as the choice does: a double click or a retry after a lost answer is answered with
 * the settlement the first request made; another project or service type gets a new one.
 *
 * 附件: files uploaded here (uploadPath orderGenerate, under the page's own batch id) become the new
 * settlement's attachments; the upload waits until a project and a service type are chosen (请先选择项目
 * 名称和服务类型, spec 1 §5), and 生成结算单 waits for uploads in flight. More are added from the list's
 * 上传附件 while the settlement awaits the audit.
 */
import { FileAddOutlined } from '@ant-design/icons';
import { MSG, ORDER_GENERATE_UPLOAD_PATH, SETTLEMENT_MSG, type TaskTypeId } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Spin, Statistic } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { useAccess } from '../../app/use-access';
import { RemoteSelect } from '../../components/RemoteSelect';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { AttachmentUpload } from '../../components/upload/AttachmentUpload';
import { fetchParentProjectTypes, parentProjectTypesKey, SETTLEMENT_KEY } from './settlement-calls';
import { serviceTypeOptions, yuan } from './settlement-format';
import { SETTLEMENT_LIST_PATH } from './settlement-paths';
import { createSettlement, fetchSettleableSummary, settleableSummaryKey } from './settlement-create-calls';

/** The settlement list (the lead's page) where a new settlement is found. */
export const REMARKS_MAX_LENGTH = 200;

interface CreateFormValues {
  projectId?: number;
  visitTypeId?: TaskTypeId;
  remarks?: string;
}

function ServiceTypeSelect({
  projectId,
  value,
  onChange,
  id,
}: {
  projectId: number | undefined;
  value?: TaskTypeId;
  onChange?(value: TaskTypeId | undefined): void;
  id?: string;
}) {
  const { can } = useAccess();
  const projectTypes = can('settlement:list:view');
  const types = useQuery({
    queryKey: parentProjectTypesKey(projectId ?? 0),
    queryFn: () => fetchParentProjectTypes(projectId as number),
    enabled: projectTypes && projectId !== undefined,
  });
  const placeholder = projectId === undefined ? MSG.chooseProjectFirst : '请选择服务类型';
  if (!projectTypes) {
    // without the settlement list the project's types cannot be read: the catalogue, and the server checks the pair
    return (
      <RemoteSelect
        kind="taskType"
        id={id}
        value={value ?? null}
        onChange={(picked) => onChange?.(picked as TaskTypeId | undefined)}
        disabled={projectId === undefined}
        placeholder={placeholder}
      />
    );
  }
  return (
    <Select<TaskTypeId>
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      disabled={projectId === undefined}
      loading={types.isFetching}
      placeholder={placeholder}
      // a project's few types under their parents' headings: every option drawn, none beyond a virtual window
      virtual={false}
      options={serviceTypeOptions(types.data ?? [])}
    />
  );
}

export default function SettlementCreatePage() {
  const [form] = Form.useForm<CreateFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projectId = Form.useWatch('projectId', form);
  const visitTypeId = Form.useWatch('visitTypeId', form);
  const requestId = useRef(crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  // the page's uploads are counted under a batch of their own until the settlement exists
  const batchId = useRef(crypto.randomUUID());
  const [attachments, setAttachments] = useState<AttachmentItem[]>([]);
  const [uploading, setUploading] = useState(false);

  const chosen = projectId !== undefined && projectId !== null && visitTypeId !== undefined;
  const summary = useQuery({
    queryKey: settleableSummaryKey(projectId ?? 0, visitTypeId ?? ''),
    queryFn: () => fetchSettleableSummary(projectId as number, visitTypeId as TaskTypeId),
    enabled: chosen,
    staleTime: 0,
  });
  const nothingToSettle = chosen && summary.isSuccess && summary.data.taskNum === 0;

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const values = await form.validateFields().catch(() => null);
      if (!values?.projectId || !values.visitTypeId) return;
      setBusy(true);
      const { message } = await createSettlement({
        requestId: requestId.current,
        projectId: values.projectId,
        visitTypeId: values.visitTypeId,
        remarks: values.remarks?.trim() ?? '',
        attachments: attachments.filter((item) => item.delFlag !== 1).map((item) => item.address),
      });
      notifier().success(message);
      // the page stays open among the tabs: it starts again, and what is settleable (and listed) has changed
      form.resetFields();
      requestId.current = crypto.randomUUID();
      batchId.current = crypto.randomUUID();
      setAttachments([]);
      await queryClient.invalidateQueries({ queryKey: SETTLEMENT_KEY });
      navigate(SETTLEMENT_LIST_PATH);
    } catch {
      // the request layer has shown the server's message (该项目的服务类型下没有可结算的任务…)
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Card
      className="page-card"
      title={
        <span>
          <FileAddOutlined /> 生成结算单
        </span>
      }
    >
      <Form<CreateFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        style={{ maxWidth: 720 }}
        onValuesChange={(changed: Partial<CreateFormValues>) => {
          // another choice is another settlement: a new request id
          if ('projectId' in changed || 'visitTypeId' in changed) requestId.current = crypto.randomUUID();
          if ('projectId' in changed) form.setFieldValue('visitTypeId', undefined);
        }}
      >
        <Form.Item name="projectId" label="项目" required rules={[{ required: true, message: MSG.chooseProjectFirst }]}>
          <RemoteSelect kind="project" placeholder="请选择项目" />
        </Form.Item>
        <Form.Item name="visitTypeId" label="服务类型" required rules={[{ required: true, message: '请选择服务类型' }]}>
          <ServiceTypeSelect projectId={projectId ?? undefined} />
        </Form.Item>
        {chosen && (
          <Form.Item label="可结算汇总">
            <Spin spinning={summary.isFetching}>
              <Row gutter={24}>
                <Col span={8}>
                  <Statistic title="可结算任务数" value={summary.data?.taskNum ?? '-'} />
                </Col>
                <Col span={8}>
                  <Statistic title="结算人数" value={summary.data?.personNum ?? '-'} />
                </Col>
                <Col span={8}>
                  <Statistic title="任务报酬" value={summary.data ? yuan(summary.data.payAmount) : '-'} />
                </Col>
              </Row>
            </Spin>
            {nothingToSettle && (
              <Alert type="warning" showIcon title={SETTLEMENT_MSG.nothingToSettle} style={{ marginTop: 12 }} />
            )}
            {summary.data && !nothingToSettle && (
              <Alert
                type="info"
                showIcon
                style={{ marginTop: 12 }}
                title="服务费按平台与企业约定的费率在生成结算单时计算；不可结算的人员（未绑定已认证银行卡、超过月度限额）会在结算单中注明原因。"
              />
            )}
          </Form.Item>
        )}
        <Form.Item
          name="remarks"
          label="备注"
          rules={[{ max: REMARKS_MAX_LENGTH, message: `备注不能超过${REMARKS_MAX_LENGTH}个字符` }]}
        >
          <Input.TextArea rows={3} maxLength={REMARKS_MAX_LENGTH} showCount placeholder="请输入备注" />
        </Form.Item>
        <Form.Item label="附件">
          <AttachmentUpload
            value={attachments}
            onChange={setAttachments}
            uploadPath={ORDER_GENERATE_UPLOAD_PATH}
            recordId={batchId.current}
            disabled={!chosen}
            disabledReason={MSG.uploadDisabledUntilProject}
            onBusyChange={setUploading}
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" loading={busy} disabled={nothingToSettle || uploading} onClick={() => void submit()}>
            生成结算单
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
