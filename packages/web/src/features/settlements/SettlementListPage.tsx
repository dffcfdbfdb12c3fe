/**
 * 结算单列表 (spec 2 §2.1, §2.2, §4), both sides. The enterprise's own list (mode 1) searches by
 * number, project, service type, the three statuses and the two time ranges; the platform's adds the
 * enterprise (and, for the operator, the platform), and opened with ?enterpriseId=&tenantId= it is
 * the list embedded under one enterprise (mode 2) with a back button. ?projectId= fixes the project
 * (the project summary's 结算单数), ?isPage=notice&id= opens that settlement's detail (a notice's
 * link). Row actions follow settlementRowActions; the platform audits pending rows. The 企业结算 tab
 * is the enterprise-settlement variant (paid-out and pending persons, both settlement times).
 */
import { ArrowLeftOutlined, DownOutlined, MoneyCollectOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_PAY_STATUS,
  INPUT_MAX_LENGTH,
  type OperationAnswer,
  PAY_STATUS_FILTER_EXCLUDED,
  SETTLEMENT_AUDIT_STATUS,
  type SETTLEMENT_ORDER_FIELDS,
  SETTLEMENT_PAY_STATUS,
  type SettlementListFilters,
  type SettlementRecord,
  type SettlementRowAction,
  type settlementPageOperation,
  settlementRowActions,
  VOUCHER_STATUS,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useOneAtATime } from '../../app/use-one-at-a-time';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { type CellRenderer, ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { EnterpriseSettlementList } from './EnterpriseSettlementList';
import { SettleDialog } from './SettleDialog';
import { SettlementAttachmentsDialog } from './SettlementAttachmentsDialog';
import { SettlementAuditDialog } from './SettlementAuditDialog';
import { SettlementDetailView } from './SettlementDetailView';
import {
  enterpriseBriefKey,
  fetchEnterpriseBrief,
  fetchMaxSelectTime,
  fetchParentProjectTypes,
  fetchSettlements,
  maxSelectTimeKey,
  parentProjectTypesKey,
  SETTLEMENT_KEY,
  SETTLEMENT_LIST_KEY,
} from './settlement-calls';
import { chinaTime, serviceTypeOptions, yuan } from './settlement-format';
import { downloadStatement, exportSettlementTasks } from './settlement-documents-calls';
import { StatementPreviewDialog } from './StatementPreviewDialog';
import { useWithdraw } from './use-withdraw';
import { SettlementReportDialog } from './SettlementReportDialog';
import { VoucherDialog } from './VoucherDialog';
import './settlements.css';

export const SETTLEMENT_CREATE_PATH = '/settlement/order/create';

type Filters = Omit<SettlementListFilters, 'startTime' | 'endTime' | 'platformStartTime' | 'platformEndTime'> & {
  startTime?: string;
  endTime?: string;
  platformStartTime?: string;
  platformEndTime?: string;
};

const optionsOf = (dictionary: Record<number, { label: string }>, excluded: readonly number[] = []) =>
  Object.entries(dictionary)
    .filter(([value]) => !excluded.includes(Number(value)))
    .map(([value, info]) => ({ value: Number(value), label: info.label }));

const AUDIT_OPTIONS = optionsOf(SETTLEMENT_AUDIT_STATUS);
const PAY_OPTIONS = optionsOf(SETTLEMENT_PAY_STATUS, PAY_STATUS_FILTER_EXCLUDED);
const VOUCHER_OPTIONS = optionsOf(VOUCHER_STATUS);

const dash = <span className="list-empty-cell">-</span>;
const time = (value: number | null) => chinaTime(value) ?? dash;

const ACTION_LABELS: Record<SettlementRowAction, string> = {
  detail: '详情',
  exportTasks: '导出任务',
  voucher: '结算凭证',
  uploadAttachment: '上传附件',
  settle: '结算',
  withdraw: '撤回',
  generateStatement: '生成对账单',
  downloadStatement: '下载对账单',
  generateReport: '生成报告',
};
/** How often the list reloads while a row is still changing by itself. */
const LIVE_REFRESH_MS = 3_000;
/** The maximum selectable time is asked again when a picker opens after this long. */
const MAX_TIME_FRESH_MS = 60_000;
/** Actions shown as links; the rest go under 更多. */
const INLINE_ACTIONS = 3;

/** The number to read from the search: a positive integer, else nothing. */
const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  run(): void;
}

type SettlementPage = OperationAnswer<typeof settlementPageOperation>;
type OrderField = (typeof SETTLEMENT_ORDER_FIELDS)[number];

type Dialog =
  | { kind: 'voucher' | 'attachments' | 'settle' | 'audit' | 'report' | 'statement'; row: SettlementRecord }
  | { kind: 'none' };

export interface SettlementListPageProps {
  /**
   * The list inside the project summary's drill-down (spec 1 §2 page type 3): the project is fixed,
   * the summary's header carries the way back, and a statement's detail opens in place (the
   * address's id is the project's there).
   */
  fixedProjectId?: number;
}

export default function SettlementListPage({ fixedProjectId }: SettlementListPageProps = {}) {
  const side = useSession((state) => state.side);
  const isOperator = useIsPlatformOperator();
  const ownEnterpriseId = useSession((state) => state.userInfo?.enterprise?.id);
  const { can } = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const enterpriseMode = side === 'enterprise';
  const inSummary = fixedProjectId !== undefined;
  const projectId = fixedProjectId ?? idParam(params.get('projectId'));
  const embeddedEnterpriseId = enterpriseMode ? undefined : idParam(params.get('enterpriseId'));
  const embeddedTenantId = embeddedEnterpriseId === undefined ? undefined : idParam(params.get('tenantId'));
  const [detailInPlace, setDetailInPlace] = useState<number>();
  const detailId = inSummary
    ? detailInPlace
    : params.get('isPage') === 'notice'
      ? idParam(params.get('id'))
      : undefined;
  // source type 2 (the enterprise side): the date pickers stop at the enterprise's maximum selectable time
  const maxSelectTime = useQuery({
    queryKey: maxSelectTimeKey(ownEnterpriseId ?? 0),
    queryFn: () => fetchMaxSelectTime(ownEnterpriseId as number),
    enabled: enterpriseMode && ownEnterpriseId !== undefined,
    staleTime: MAX_TIME_FRESH_MS,
  });
  const maxTime = enterpriseMode ? (maxSelectTime.data ?? null) : null;
  const refreshMaxTime = (open: boolean) => {
    if (open && enterpriseMode && maxSelectTime.isStale) void maxSelectTime.refetch();
  };
  // mode 2: the enterprise the list is embedded under
  const embeddedEnterprise = useQuery({
    queryKey: enterpriseBriefKey(embeddedEnterpriseId ?? 0, embeddedTenantId),
    queryFn: () => fetchEnterpriseBrief(embeddedEnterpriseId as number, embeddedTenantId),
    enabled: embeddedEnterpriseId !== undefined,
  });
  // a fixed project offers its own service types, under their parents
  const projectTypes = useQuery({
    queryKey: parentProjectTypesKey(projectId ?? 0),
    queryFn: () => fetchParentProjectTypes(projectId as number),
    enabled: projectId !== undefined,
  });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // one click at a time per row action
  const { busy, run: runOnce } = useOneAtATime();
  const [view, setView] = useState<'statements' | 'enterprise'>('statements');
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SETTLEMENT_KEY });
  const withdraw = useWithdraw(() => void refresh());

  const openDetail = useCallback(
    (id: number) => {
      if (inSummary) return setDetailInPlace(id);
      const next = new URLSearchParams(params);
      next.set('isPage', 'notice');
      next.set('id', String(id));
      setParams(next);
    },
    [inSummary, params, setParams],
  );
  const closeDetail = () => {
    if (inSummary) return setDetailInPlace(undefined);
    const next = new URLSearchParams(params);
    next.delete('isPage');
    next.delete('id');
    next.delete('settle');
    setParams(next);
  };

  const act = (action: SettlementRowAction, row: SettlementRecord) => {
    switch (action) {
      case 'detail':
        return openDetail(row.id);
      case 'exportTasks':
        return void runOnce(`exportTasks-${row.id}`, () => exportSettlementTasks(row.id));
      case 'voucher':
        return setDialog({ kind: 'voucher', row });
      case 'uploadAttachment':
        return setDialog({ kind: 'attachments', row });
      case 'settle':
        return setDialog({ kind: 'settle', row });
      case 'withdraw':
        return void withdraw(row.id);
      case 'generateStatement':
        // the 任务对账单预览 first; its 生成对账单 makes the statement
        return setDialog({ kind: 'statement', row });
      case 'downloadStatement':
        return void runOnce(`downloadStatement-${row.id}`, () => downloadStatement(row));
      case 'generateReport':
        return setDialog({ kind: 'report', row });
    }
  };

  const actionsOf = (row: SettlementRecord): RowAction[] => {
    const actions: RowAction[] = settlementRowActions(row, {
      enterpriseMode,
      // the enterprise's own list is source 2; the platform's takes the default (1)
      ...(enterpriseMode ? { sourceType: 2 } : {}),
      canWithdraw: can('settlement:list:withdraw'),
    })
      .filter((action) => action !== 'settle' || can('settlement:list:pay'))
      .map((action) => ({
        key: action,
        label: ACTION_LABELS[action],
        danger: action === 'withdraw',
        run: () => act(action, row),
      }));
    if (!enterpriseMode && row.auditStatus === 1 && can('settlement:list:audit')) {
      actions.splice(1, 0, { key: 'audit', label: '审核', run: () => setDialog({ kind: 'audit', row }) });
    }
    return actions;
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<SettlementRecord>>>>(
    () => ({
      settlementSn: (row) => (
        <Button type="link" className="list-link-cell" onClick={() => openDetail(row.id)}>
          {row.settlementSn}
        </Button>
      ),
      projectName: (row) => row.projectName || dash,
      enterprisePayStatus: (row) => <StatusTag dictionary={ENTERPRISE_PAY_STATUS} value={row.enterprisePayStatus} />,
      auditStatus: (row) => <StatusTag dictionary={SETTLEMENT_AUDIT_STATUS} value={row.auditStatus} />,
      // a dash while the statement is pending or withdrawn (spec 2 §4)
      payStatus: (row) =>
        row.auditStatus === 1 || row.auditStatus === -1 ? (
          dash
        ) : (
          <StatusTag dictionary={SETTLEMENT_PAY_STATUS} value={row.payStatus} />
        ),
      voucherStatus: (row) => <StatusTag dictionary={VOUCHER_STATUS} value={row.voucherStatus} />,
      amount: (row) => <span className="money">{yuan(row.amount)}</span>,
      fee: (row) => <span className="money">{yuan(row.fee)}</span>,
      createTime: (row) => time(row.createTime),
      auditTime: (row) => time(row.auditTime),
      settlementTime: (row) => time(row.settlementTime),
    }),
    [openDetail],
  );

  if (detailId !== undefined) {
    return (
      <SettlementDetailView settlementId={detailId} resumePay={params.get('settle') === '1'} onBack={closeDetail} />
    );
  }

  const fixedFilters: Partial<Filters> = {
    ...(projectId ? { projectId } : {}),
    ...(embeddedEnterpriseId ? { enterpriseId: embeddedEnterpriseId } : {}),
    ...(embeddedTenantId !== undefined ? { tenantId: embeddedTenantId } : {}),
  };
  const embedded = embeddedEnterpriseId !== undefined || projectId !== undefined;
  const title: ReactNode = (
    <Space>
      {embedded && !inSummary && (
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回">
          返回
        </Button>
      )}
      <span>
        <MoneyCollectOutlined /> 结算单列表
      </span>
      {embeddedEnterprise.data && (
        <Typography.Text type="secondary" className="settlement-embedded-enterprise">
          {embeddedEnterprise.data.enterpriseName}
          <span>所属平台：{embeddedEnterprise.data.tenantName}</span>
          <span>联系电话：{embeddedEnterprise.data.contactPhone || '-'}</span>
        </Typography.Text>
      )}
    </Space>
  );

  const dialogRow = dialog.kind === 'none' ? null : dialog.row;
  const statementList = (
    <ListPage<SettlementRecord, Filters, SettlementPage>
      serviceName="settlementList"
      queryKey={[...SETTLEMENT_LIST_KEY, fixedFilters]}
      fetchPage={(request) =>
        fetchSettlements({ ...request, orderField: request.orderField as OrderField | undefined })
      }
      fixedFilters={fixedFilters}
      rowKey="id"
      renderers={renderers}
      // a statement being generated or payouts in flight finish by themselves: the rows follow
      refreshEvery={(answer) =>
        answer.records.some((row) => row.voucherStatus === 1 || row.payStatus === 1) ? LIVE_REFRESH_MS : false
      }
      searchFields={
        <>
          <Form.Item name="settlementSn" label="结算单号">
            <Input allowClear placeholder="请输入结算单号" maxLength={INPUT_MAX_LENGTH.settlementSn} />
          </Form.Item>
          {projectId === undefined && (
            <Form.Item name="projectName" label="项目名称">
              <Input allowClear placeholder="请输入项目名称" maxLength={INPUT_MAX_LENGTH.projectName} />
            </Form.Item>
          )}
          {/* a fixed project or enterprise already names the enterprise and its platform */}
          {!enterpriseMode && embeddedEnterpriseId === undefined && projectId === undefined && (
            <Form.Item name="enterpriseId" label="企业名称">
              <RemoteSelect kind="enterprise" placeholder="请选择企业" style={{ width: 220 }} />
            </Form.Item>
          )}
          {isOperator && embeddedEnterpriseId === undefined && projectId === undefined && (
            <Form.Item name="tenantId" label="所属平台">
              <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="visitTypeId" label="服务类型">
            {projectId === undefined ? (
              <RemoteSelect kind="taskType" placeholder="请选择服务类型" style={{ width: 180 }} />
            ) : (
              <Select
                allowClear
                placeholder="请选择服务类型"
                style={{ width: 180 }}
                loading={projectTypes.isLoading}
                virtual={false}
                options={serviceTypeOptions(projectTypes.data ?? [])}
              />
            )}
          </Form.Item>
          <Form.Item name="auditStatus" label="平台审核状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={AUDIT_OPTIONS} />
          </Form.Item>
          <Form.Item name="payStatus" label="平台结算状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={PAY_OPTIONS} />
          </Form.Item>
          <Form.Item name="voucherStatus" label="报告状态">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={VOUCHER_OPTIONS} />
          </Form.Item>
          <Form.Item name="applyTime" label="申请时间">
            <DateRangePicker maxTime={maxTime} onOpenChange={refreshMaxTime} />
          </Form.Item>
          <Form.Item name="platformTime" label="平台结算时间">
            <DateRangePicker maxTime={maxTime} onOpenChange={refreshMaxTime} />
          </Form.Item>
        </>
      }
      toFilters={({ applyTime, platformTime, ...rest }) => {
        const applied = rangeToTimes(applyTime as Parameters<typeof rangeToTimes>[0]);
        const platform = rangeToTimes(platformTime as Parameters<typeof rangeToTimes>[0]);
        return {
          ...(rest as Partial<Filters>),
          startTime: applied.startTime,
          endTime: applied.endTime,
          platformStartTime: platform.startTime,
          platformEndTime: platform.endTime,
        };
      }}
      summary={(answer) => (
        <Space size="large">
          <span>
            合计金额：
            <Typography.Text strong className="money">
              {yuan(answer.totalAmount)}
            </Typography.Text>
          </span>
          <Typography.Text type="secondary">共 {answer.total} 张结算单</Typography.Text>
        </Space>
      )}
      toolbar={
        enterpriseMode && can('settlement:list:create') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(SETTLEMENT_CREATE_PATH)}>
            生成结算单
          </Button>
        ) : undefined
      }
      actionColumn={{
        title: '操作',
        key: 'actions',
        fixed: 'right',
        // three links and 更多 on one line
        width: 290,
        render: (_value, row) => {
          const actions = actionsOf(row);
          const inline = actions.slice(0, INLINE_ACTIONS);
          const more = actions.slice(INLINE_ACTIONS);
          return (
            <span className="list-actions">
              {inline.map((action) => (
                <Button
                  key={action.key}
                  type="link"
                  size="small"
                  danger={action.danger}
                  loading={busy === `${action.key}-${row.id}`}
                  onClick={action.run}
                >
                  {action.label}
                </Button>
              ))}
              {more.length > 0 && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: more.map((action) => ({ key: action.key, label: action.label, danger: action.danger })),
                    onClick: ({ key }) => more.find((action) => action.key === key)?.run(),
                  }}
                >
                  <Button type="link" size="small">
                    更多 <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </span>
          );
        },
      }}
    />
  );
  return (
    <Card className="page-card" title={title}>
      <Tabs
        // one search form at a time: the hidden tab's form would repeat the field ids
        destroyOnHidden
        activeKey={view}
        onChange={(key) => setView(key as typeof view)}
        items={[
          { key: 'statements', label: '结算单', children: statementList },
          {
            key: 'enterprise',
            label: '企业结算',
            children: (
              <EnterpriseSettlementList
                fixedFilters={{
                  ...(projectId ? { projectId } : {}),
                  ...(embeddedEnterpriseId ? { enterpriseId: embeddedEnterpriseId } : {}),
                }}
                onDetail={openDetail}
              />
            ),
          },
        ]}
      />
      <VoucherDialog open={dialog.kind === 'voucher'} settlement={dialogRow} onClose={close} />
      <StatementPreviewDialog
        settlement={dialog.kind === 'statement' ? dialog.row : null}
        onClose={close}
        onGenerated={() => void refresh()}
      />
      <SettlementReportDialog
        open={dialog.kind === 'report'}
        settlement={dialog.kind === 'report' ? dialog.row : null}
        editable={enterpriseMode}
        onClose={close}
      />
      <SettlementAttachmentsDialog
        open={dialog.kind === 'attachments'}
        settlement={dialogRow}
        editable={enterpriseMode && dialogRow?.auditStatus === 1}
        onClose={close}
      />
      <SettlementAuditDialog
        settlement={dialog.kind === 'audit' ? dialog.row : null}
        onClose={close}
        onAudited={() => void refresh()}
      />
      <SettleDialog
        settlement={dialog.kind === 'settle' ? dialog.row : null}
        onClose={close}
        onPaid={() => void refresh()}
      />
    </Card>
  );
}
