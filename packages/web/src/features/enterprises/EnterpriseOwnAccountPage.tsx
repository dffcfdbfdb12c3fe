/**
 * 账户信息 (spec 3 §2 "An enterprise account info page also exists"; decision 0043): the enterprise of the
 * session as 企业信息 shows it, where the enterprise keeps its own authentication (修改认证信息 opens the full
 * page) and bank cards, with 脱敏查看 and 登录信息 at the bottom.
 */
import { IdcardOutlined } from '@ant-design/icons';
import { OwnEnterpriseCard } from '../../components/OwnEnterpriseCard';
import { EnterpriseInfoBody } from './EnterpriseInfoPage';
import { EnterpriseViewContext } from './use-enterprise-edit';

export default function EnterpriseOwnAccountPage() {
  return (
    <OwnEnterpriseCard icon={<IdcardOutlined />} title="账户信息">
      {(owner) => (
        <EnterpriseViewContext.Provider value="own">
          <EnterpriseInfoBody id={owner.enterpriseId} tenantId={owner.tenantId} actions />
        </EnterpriseViewContext.Provider>
      )}
    </OwnEnterpriseCard>
  );
}
