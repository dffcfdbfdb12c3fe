/**
 * 协议凭证 of 企业信息 (spec 3 §2 "Enterprise detail"; decision 0040): how many agreements the
 * enterprise has with its platform, and 签署记录, the dialog listing them with their actions.
 */
import { FileProtectOutlined } from '@ant-design/icons';
import type { EnterpriseInfo } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { fetchSigningRecords, SIGNING_RECORDS_KEY } from '../agreements/enterprise-agreement-calls';
import { SigningRecordsDialog } from '../agreements/SigningRecords';

export function EnterpriseAgreementsBlock({ info }: { info: EnterpriseInfo }) {
  const [open, setOpen] = useState(false);
  const owner = { enterpriseId: info.id, tenantId: info.tenantId };
  const inForce = useQuery({
    queryKey: [...SIGNING_RECORDS_KEY, 'count', owner.enterpriseId, owner.tenantId],
    queryFn: async () => {
      const [all, running] = await Promise.all([
        fetchSigningRecords({ ...owner, pageNo: 1, pageSize: 1 }),
        fetchSigningRecords({ ...owner, pageNo: 1, pageSize: 1, signStatus: 2 }),
      ]);
      return { total: all.total, running: running.total };
    },
  });
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
      <div className="enterprise-muted enterprise-agreement-count">
        {inForce.data
          ? inForce.data.total === 0
            ? '暂无协议'
            : `共 ${inForce.data.total} 份协议，其中履约中 ${inForce.data.running} 份`
          : '加载中…'}
      </div>
      <SigningRecordsDialog owner={open ? owner : null} onClose={() => setOpen(false)} />
    </Card>
  );
}
