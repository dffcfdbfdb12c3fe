/**
 * 自然人详情 (spec 3 §2 "Natural-person detail"; decision 0033), opened from 自然人账户 (?id=): five
 * tabs — 基本信息 (the account, PersonAccountInfo), 协议记录, 众包任务记录, 结算记录 and 完税凭证记录;
 * a record tab shows only with the code of the list it reads. 自然人不存在 for a foreign or missing id.
 */
import { IdcardOutlined } from '@ant-design/icons';
import { PERSON_MSG } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccess } from '../../app/use-access';
import { useUnmaskToken } from '../../app/unmask-store';
import { DetailLoadState } from '../../components/DetailStates';
import { PersonSettlementList } from '../settlements/PersonSettlementsDialog';
import { PersonalAgreementList } from '../agreements/PersonalAgreementListPage';
import { PersonAccountInfo } from './PersonAccountInfo';
import { PersonTaskRecords, PersonTaxVoucherRecords } from './PersonRecordTabs';
import { fetchPersonInfo, personInfoKey } from './person-calls';
import { PERSON_LIST_PATH } from './person-paths';
import './persons.css';

const idParam = (value: string | null) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export default function PersonDetailPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { can } = useAccess();
  const userId = idParam(params.get('id'));
  const unmask = useUnmaskToken();
  const canUnmask = can('personalAccountManage:info:desensitization');
  const token = canUnmask ? unmask?.token : undefined;
  const info = useQuery({
    queryKey: personInfoKey(userId ?? 0, token),
    queryFn: () => fetchPersonInfo(userId ?? 0, token),
    enabled: userId !== undefined,
  });
  const back = () => navigate(PERSON_LIST_PATH);

  if (userId === undefined)
    return <DetailLoadState error={new Error(PERSON_MSG.notFound)} notFound={PERSON_MSG.notFound} onBack={back} />;
  if (!info.data) return <DetailLoadState error={info.error} notFound={PERSON_MSG.notFound} onBack={back} />;
  const person = info.data;
  const tab = params.get('tab') ?? 'info';
  const tabs = [
    { key: 'info', label: '基本信息', children: <PersonAccountInfo info={person} onBack={back} /> },
    can('personalAgreement:list:view') && {
      key: 'agreements',
      label: '协议记录',
      children: <PersonalAgreementList userId={person.id} />,
    },
    can('taskManage:list:view') && {
      key: 'tasks',
      label: '众包任务记录',
      children: <PersonTaskRecords userId={person.id} />,
    },
    can('settlement:list:view') && {
      key: 'settlements',
      label: '结算记录',
      children: <PersonSettlementList person={{ userId: person.id, userName: person.name }} />,
    },
    can('taxVoucher:list:view') && {
      key: 'taxVouchers',
      label: '完税凭证记录',
      children: <PersonTaxVoucherRecords userId={person.id} />,
    },
  ].filter((item) => item !== false);

  return (
    <Card
      className="page-card"
      title={
        <span>
          <IdcardOutlined /> 自然人详情 - {person.name}
        </span>
      }
    >
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next, { replace: true });
        }}
        items={tabs}
      />
    </Card>
  );
}
