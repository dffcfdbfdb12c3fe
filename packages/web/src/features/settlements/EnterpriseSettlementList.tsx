/**
 * The enterprise-settlement variant of the list (spec 2 §2.1, applySettlementList): per statement
 * the enterprise's and the platform's settlement status, the amount, how many persons are paid out
 * and how many are not, and when the enterprise paid and the platform paid out. On the platform side
 * the enterprise's name opens its 企业信息. Row actions 详情
 * (the statement's detail) and 汇总 (its project's summary).
 */
import {
  ENTERPRISE_PAY_STATUS,
  INPUT_MAX_LENGTH,
  PAY_STATUS_FILTER_EXCLUDED,
  SETTLEMENT_PAY_STATUS,
  type SettlementRecord,
} from '@fieldpay/domain';
import { Button, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { enterpriseInfoPath } from '../enterprises/enterprise-calls';
import { PROJECT_SUMMARY_PATH } from '../projects/project-paths';
import { APPLY_SETTLEMENT_KEY, fetchApplySettlements } from './settlement-calls';
import { chinaTime, yuan } from './settlement-format';

const PAY_OPTIONS = Object.entries(SETTLEMENT_PAY_STATUS)
  .filter(([value]) => !PAY_STATUS_FILTER_EXCLUDED.includes(Number(value)))
  .map(([value, info]) => ({ value: Number(value), label: info.label }));

interface Filters {
  settlementSn?: string;
  payStatus?: number;
  projectId?: number;
  enterpriseId?: number;
}

export function EnterpriseSettlementList({
  fixedFilters,
  onDetail,
}: {
  fixedFilters: Partial<Filters>;
  onDetail(id: number): void;
}) {
  const side = useSession((state) => state.side);
  const navigate = useNavigate();
  const { can } = useAccess();
  const enterpriseLinks = can('enterpriseAccountManage:info:view');
  const embedded = fixedFilters.enterpriseId !== undefined || fixedFilters.projectId !== undefined;
  const time = (value: number | null) => plainCell(chinaTime(value));
  const columns: ColumnsType<SettlementRecord> = [
    {
      key: 'settlementSn',
      dataIndex: 'settlementSn',
      title: '结算单号',
      width: 190,
      render: (value: string, row) => (
        <Button type="link" className="list-link-cell" onClick={() => onDetail(row.id)}>
          {value}
        </Button>
      ),
    },
    ...(side === 'enterprise'
      ? []
      : [
          {
            key: 'enterpriseName',
            dataIndex: 'enterpriseName',
            title: '企业名称',
            width: 200,
            ellipsis: true,
            // the name opens the enterprise's info (spec 2 §2.1: enterprise name (link))
            render: (value: string, row: SettlementRecord) =>
              enterpriseLinks ? (
                <Button
                  type="link"
                  className="list-link-cell"
                  onClick={() => navigate(enterpriseInfoPath(row.enterpriseId, row.tenantId))}
                >
                  {value}
                </Button>
              ) : (
                plainCell(value)
              ),
          },
        ]),
    {
      key: 'projectName',
      dataIndex: 'projectName',
      title: '项目名称',
      width: 180,
      ellipsis: true,
      // embedded under an enterprise or a project, the name opens the project's summary
      render: (value: string, row) =>
        embedded ? (
          <Button
            type="link"
            className="list-link-cell"
            onClick={() => navigate(`${PROJECT_SUMMARY_PATH}?id=${row.projectId}`)}
          >
            {value}
          </Button>
        ) : (
          plainCell(value)
        ),
    },
    { key: 'visitTypeValue', dataIndex: 'visitTypeValue', title: '服务类型', width: 110 },
    {
      key: 'enterprisePayStatus',
      dataIndex: 'enterprisePayStatus',
      title: '企业结算状态',
      width: 110,
      render: (value: number) => <StatusTag dictionary={ENTERPRISE_PAY_STATUS} value={value} />,
    },
    {
      key: 'payStatus',
      dataIndex: 'payStatus',
      title: '平台结算状态',
      width: 110,
      render: (value: number, row) =>
        row.auditStatus === 1 || row.auditStatus === -1 ? (
          plainCell(null)
        ) : (
          <StatusTag dictionary={SETTLEMENT_PAY_STATUS} value={value} />
        ),
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: '结算总金额(元)',
      width: 130,
      render: (value: string) => <span className="money">{yuan(value)}</span>,
    },
    { key: 'settlementNum', dataIndex: 'settlementNum', title: '已结算人数', width: 100 },
    { key: 'unSettlementNum', dataIndex: 'unSettlementNum', title: '未结算人数', width: 100 },
    { key: 'enterprisePayTime', dataIndex: 'enterprisePayTime', title: '企业结算时间', width: 170, render: time },
    { key: 'settlementTime', dataIndex: 'settlementTime', title: '平台结算时间', width: 170, render: time },
  ];
  return (
    <ListPage<SettlementRecord, Filters>
      queryKey={[...APPLY_SETTLEMENT_KEY, fixedFilters]}
      fetchPage={(request) => fetchApplySettlements({ ...request, ...fixedFilters })}
      rowKey="id"
      columns={columns}
      searchFields={
        <>
          <Form.Item name="settlementSn" label="结算单号">
            <Input allowClear placeholder="请输入结算单号" maxLength={INPUT_MAX_LENGTH.settlementSn} />
          </Form.Item>
          <Form.Item name="payStatus" label="平台结算状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={PAY_OPTIONS} />
          </Form.Item>
        </>
      }
      actionColumn={{
        title: '操作',
        key: 'actions',
        fixed: 'right',
        width: 120,
        render: (_value, row) => (
          <span className="list-actions">
            <Button type="link" size="small" onClick={() => onDetail(row.id)}>
              详情
            </Button>
            <Button type="link" size="small" onClick={() => navigate(`${PROJECT_SUMMARY_PATH}?id=${row.projectId}`)}>
              汇总
            </Button>
          </span>
        ),
      }}
    />
  );
}
