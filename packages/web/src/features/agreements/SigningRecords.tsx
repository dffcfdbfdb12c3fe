/**
 * 签署记录 (spec 3 §2 "Enterprise signing-records dialog", §4; decision 0040): one enterprise's
 * agreements with its platform, 10 a page, with 预览, 下载 and the online signature when it is the
 * viewer's turn (the platform at 签署中, the enterprise at 待签署). A dialog on the platform's 企业信息;
 * the enterprise's own page 平台协议 under 协议管理.
 */
import { FileProtectOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_SIGNING_RECORD_STATUS,
  ENTERPRISE_AGREEMENT_TYPES,
  type EnterpriseAgreementRecord,
  ONLINE_SIGN_REFRESH_MS,
  PAGE_SIZE,
  DIALOG_WIDTH,
} from '@fieldpay/domain';
import { Modal } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PagedTable } from '../../components/list/PagedTable';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import { chinaTime } from '../settlements/settlement-format';
import { AgreementActions } from './AgreementActions';
import { AgreementContentDialog } from './AgreementContentDialog';
import { fetchSigningRecords, SIGNING_RECORDS_KEY } from './enterprise-agreement-calls';
import { OwnEnterpriseCard } from '../../components/OwnEnterpriseCard';

export interface AgreementOwner {
  enterpriseId: number;
  tenantId: number;
}

export function SigningRecordsTable({ owner, onSignOpened }: { owner: AgreementOwner; onSignOpened?(): void }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const columns = useMemo<ColumnsType<EnterpriseAgreementRecord>>(
    () => [
      { title: '协议名称', dataIndex: 'agreementName', width: 240, ellipsis: true },
      { title: '协议编号', dataIndex: 'orderNo', width: 190 },
      {
        title: '签署方式',
        dataIndex: 'agreementType',
        width: 100,
        render: (value: number) => orDash(ENTERPRISE_AGREEMENT_TYPES[value as keyof typeof ENTERPRISE_AGREEMENT_TYPES]),
      },
      { title: '签订日期', dataIndex: 'enterpriseSignTime', width: 110 },
      {
        title: '协议期限',
        key: 'term',
        width: 210,
        render: (_value, row) => `${row.startTime} 至 ${row.endTime}`,
      },
      {
        title: '协议状态',
        dataIndex: 'signStatus',
        width: 100,
        render: (value: number) => <StatusTag dictionary={ENTERPRISE_SIGNING_RECORD_STATUS} value={value} />,
      },
      { title: '上传时间', dataIndex: 'createTime', width: 165, render: (value: number) => chinaTime(value) },
      {
        title: '操作',
        key: 'actions',
        fixed: 'right',
        width: 150,
        render: (_value, row) => (
          <AgreementActions row={row} mode="records" onViewContent={setViewing} onSignOpened={onSignOpened} />
        ),
      },
    ],
    [onSignOpened],
  );
  return (
    <>
      <PagedTable<EnterpriseAgreementRecord>
        queryKey={[...SIGNING_RECORDS_KEY, owner.enterpriseId, owner.tenantId]}
        fetchPage={(pageNo, pageSize) => fetchSigningRecords({ ...owner, pageNo, pageSize })}
        pageSize={PAGE_SIZE.signingRecords}
        columns={columns}
        scrollX={1300}
      />
      <AgreementContentDialog source={viewing === null ? null : { id: viewing }} onClose={() => setViewing(null)} />
    </>
  );
}

/** The dialog of 企业信息's 协议凭证: closes itself 40 seconds after a sign page opened (spec 3 §4). */
export function SigningRecordsDialog({ owner, onClose }: { owner: AgreementOwner | null; onClose(): void }) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const closeLater = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(onClose, ONLINE_SIGN_REFRESH_MS);
  };
  return (
    <Modal
      open={owner !== null}
      title="签署记录"
      width={DIALOG_WIDTH.enterpriseLarge}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {owner && <SigningRecordsTable owner={owner} onSignOpened={closeLater} />}
    </Modal>
  );
}

/** 平台协议: the enterprise's own agreements with the platform it is signed in to. */
export default function EnterpriseSigningRecordsPage() {
  return (
    <OwnEnterpriseCard icon={<FileProtectOutlined />} title="平台协议">
      {(owner) => <SigningRecordsTable owner={owner} />}
    </OwnEnterpriseCard>
  );
}
