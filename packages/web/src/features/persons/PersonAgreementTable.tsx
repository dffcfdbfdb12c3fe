/**
 * A person's platform and project agreements (spec 3 §2, §3 "Person agreement row"), 10 a page, with
 * 查看 and 下载 of a signed one's contract for whoever holds personalAgreement:list:download.
 */
import { PERSON_AGREEMENT_SIGN_STATUS, PERSON_AGREEMENT_TYPES, type PersonAgreementRecord } from '@fieldpay/domain';
import type { ColumnsType } from 'antd/es/table';
import { useAccess } from '../../app/use-access';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import { SignedContractActions } from '../agreements/SignedContractActions';
import { chinaTime } from '../settlements/settlement-format';
import { fetchPersonAgreements, personAgreementsKey } from './person-calls';

const COLUMNS: ColumnsType<PersonAgreementRecord> = [
  { key: 'contractSn', dataIndex: 'contractSn', title: '协议编号', width: 170 },
  { key: 'contractName', dataIndex: 'contractName', title: '协议名称', ellipsis: true },
  {
    key: 'agreementType',
    dataIndex: 'agreementType',
    title: '协议类型',
    width: 100,
    render: (value: number) => orDash(PERSON_AGREEMENT_TYPES[value as keyof typeof PERSON_AGREEMENT_TYPES]),
  },
  {
    key: 'enterpriseName',
    dataIndex: 'enterpriseName',
    title: '所属企业',
    width: 200,
    ellipsis: true,
    render: (value: string) => orDash(value),
  },
  {
    key: 'signStatus',
    dataIndex: 'signStatus',
    title: '签署状态',
    width: 100,
    render: (value: number) => <StatusTag dictionary={PERSON_AGREEMENT_SIGN_STATUS} value={value} />,
  },
  {
    key: 'contractStartDate',
    dataIndex: 'contractStartDate',
    title: '签署时间',
    width: 170,
    render: (value: number | null) => plainCell(chinaTime(value)),
  },
];

export function PersonAgreementTable({ userId }: { userId: number }) {
  const { can } = useAccess();
  return (
    <ListPage<PersonAgreementRecord, Record<string, never>>
      queryKey={personAgreementsKey(userId)}
      fetchPage={(request) => fetchPersonAgreements(userId, request.pageNo, request.pageSize)}
      rowKey="id"
      columns={COLUMNS}
      listType={2}
      defaultPageSize={10}
      actionColumn={
        can('personalAgreement:list:download')
          ? {
              title: '操作',
              key: 'actions',
              fixed: 'right',
              width: 120,
              render: (_value, row) => (
                <SignedContractActions contract={{ ...row, userId }} signed={row.signStatus === 1} />
              ),
            }
          : undefined
      }
    />
  );
}
