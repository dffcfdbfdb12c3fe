/** The enterprise side's pages about its own enterprise (its agreements, its account): the signed-in enterprise, or a note when there is none. */
import { Card, Empty, Result } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../app/session-store';

/** The signed-in enterprise on the session's platform. */
export interface OwnEnterprise {
  enterpriseId: number;
  tenantId: number;
}

export function OwnEnterpriseCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children(owner: OwnEnterprise): ReactNode;
}) {
  const info = useSession((state) => state.userInfo);
  const enterpriseId = info?.enterprise?.id;
  return (
    <Card
      className="page-card"
      title={
        <span>
          {icon} {title}
        </span>
      }
    >
      {enterpriseId && info ? (
        children({ enterpriseId, tenantId: info.tenant.id })
      ) : (
        <Result status="info" title="当前账号不属于任何企业" extra={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />} />
      )}
    </Card>
  );
}
