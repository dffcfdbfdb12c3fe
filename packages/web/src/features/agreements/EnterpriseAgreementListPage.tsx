/**
 * 企业协议 (spec 3 §2 "Enterprise agreement list", §4, §6; decision 0040): the platform's agreements
 * with its enterprises. Filters: 签署平台 (the operator only), 企业名称, 协议名称 (at most 50), 协议状态;
 * sortable by 签订日期, 开始日期, 结束日期 and 上传时间; 新增协议 with enterpriseAgreement:list:add; row
 * actions by status (AgreementActions). One enterprise's agreements are its 签署记录 (SigningRecords).
 */
import { FileProtectOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_AGREEMENT_STATUS,
  ENTERPRISE_AGREEMENT_TYPES,
  type ENTERPRISE_AGREEMENT_ORDER_FIELDS,
  type EnterpriseAgreementRecord,
  INPUT_MAX_LENGTH,
  PAGE_SIZE,
} from '@fieldpay/domain';
import { Button, Card, Drawer, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsPlatformOperator } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { type CellRenderer, ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { searchText } from '../../components/text';
import { EnterpriseInfoEmbedded } from '../enterprises/EnterpriseInfoPage';
import { chinaTime } from '../settlements/settlement-format';
import { AgreementActions } from './AgreementActions';
import { AgreementContentDialog } from './AgreementContentDialog';
import { ENTERPRISE_AGREEMENT_LIST_KEY, fetchEnterpriseAgreements } from './enterprise-agreement-calls';
import { ENTERPRISE_AGREEMENT_ADD_PATH } from './enterprise-agreement-paths';

type OrderField = (typeof ENTERPRISE_AGREEMENT_ORDER_FIELDS)[number];
interface Filters {
  tenantId?: number;
  enterpriseId?: number;
  agreementName?: string;
  signStatus?: number;
}

export const STATUS_OPTIONS = Object.entries(ENTERPRISE_AGREEMENT_STATUS).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));

const baseRenderers: Partial<Record<string, CellRenderer<EnterpriseAgreementRecord>>> = {
  agreementType: (row) =>
    plainCell(ENTERPRISE_AGREEMENT_TYPES[row.agreementType as keyof typeof ENTERPRISE_AGREEMENT_TYPES]),
  signStatus: (row) => <StatusTag dictionary={ENTERPRISE_AGREEMENT_STATUS} value={row.signStatus} />,
  createTime: (row) => plainCell(chinaTime(row.createTime)),
};

export function EnterpriseAgreementList() {
  const navigate = useNavigate();
  const { can } = useAccess();
  const isOperator = useIsPlatformOperator();
  const [viewing, setViewing] = useState<number | null>(null);
  const [enterprise, setEnterprise] = useState<Pick<EnterpriseAgreementRecord, 'enterpriseId' | 'tenantId'> | null>(
    null,
  );
  const canSeeEnterprise = can('enterpriseAccountManage:info:view');
  const renderers = useMemo<Partial<Record<string, CellRenderer<EnterpriseAgreementRecord>>>>(
    () => ({
      ...baseRenderers,
      // the enterprise's info, embedded (read only) beside the list
      enterpriseName: (row) =>
        canSeeEnterprise ? (
          <Button type="link" size="small" className="agreement-enterprise-link" onClick={() => setEnterprise(row)}>
            {row.enterpriseName}
          </Button>
        ) : (
          plainCell(row.enterpriseName)
        ),
    }),
    [canSeeEnterprise],
  );

  return (
    <>
      <ListPage<EnterpriseAgreementRecord, Filters>
        serviceName="enterpriseAgreementList"
        queryKey={ENTERPRISE_AGREEMENT_LIST_KEY}
        fetchPage={(request) =>
          fetchEnterpriseAgreements({ ...request, orderField: request.orderField as OrderField | undefined })
        }
        rowKey="id"
        listType={1}
        defaultPageSize={PAGE_SIZE.enterpriseAgreements}
        renderers={renderers}
        searchFields={
          <>
            {isOperator && (
              <Form.Item name="tenantId" label="签署平台">
                <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
              </Form.Item>
            )}
            <Form.Item name="enterpriseId" label="企业名称">
              <RemoteSelect kind="enterprise" placeholder="请选择企业" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="agreementName" label="协议名称">
              <Input allowClear placeholder="请输入协议名称" maxLength={INPUT_MAX_LENGTH.agreementNameFilter} />
            </Form.Item>
            <Form.Item name="signStatus" label="协议状态">
              <Select allowClear placeholder="全部状态" options={STATUS_OPTIONS} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toFilters={({ tenantId, enterpriseId, agreementName, signStatus }) => ({
          tenantId: tenantId as number | undefined,
          enterpriseId: enterpriseId as number | undefined,
          agreementName: searchText(agreementName),
          signStatus: signStatus as number | undefined,
        })}
        toolbar={
          can('enterpriseAgreement:list:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ENTERPRISE_AGREEMENT_ADD_PATH)}>
              新增协议
            </Button>
          ) : undefined
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 260,
          render: (_value, row) => <AgreementActions row={row} mode="manage" onViewContent={setViewing} />,
        }}
      />
      <AgreementContentDialog source={viewing === null ? null : { id: viewing }} onClose={() => setViewing(null)} />
      <Drawer
        open={enterprise !== null}
        title="企业信息"
        size={1000}
        onClose={() => setEnterprise(null)}
        destroyOnHidden
      >
        {enterprise && <EnterpriseInfoEmbedded id={enterprise.enterpriseId} tenantId={enterprise.tenantId} />}
      </Drawer>
    </>
  );
}

export default function EnterpriseAgreementListPage() {
  return (
    <Card
      className="page-card"
      title={
        <span>
          <FileProtectOutlined /> 企业协议
        </span>
      }
    >
      <EnterpriseAgreementList />
    </Card>
  );
}
