/**
 * 自然人详情 (spec 3 §2 "Natural-person detail"; decision 0033), opened from 自然人账户 (?id=): five
 * tabs — 基本信息 (the account, PersonAccountInfo), 协议记录, 众包任务记录, 结算记录 and 完税凭证记录;
 * a record tab shows only with the code of the list it reads. 自然人不存在 for a foreign or missing id.
 * The task tab opens a task in place and, from its 服务人员, a nested person view (spec 3 §2).
 */
import { IdcardOutlined } from '@ant-design/icons';
import { PERSON_MSG } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccess } from '../../app/use-access';
import { useUnmaskToken } from '../../app/unmask-store';
import { BackButton, DetailLoadState } from '../../components/DetailStates';
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
  const userId = idParam(params.get('id'));
  const back = () => navigate(PERSON_LIST_PATH);
  if (userId === undefined)
    return <DetailLoadState error={new Error(PERSON_MSG.notFound)} notFound={PERSON_MSG.notFound} onBack={back} />;
  return (
    <PersonDetailView
      // another person's address starts afresh (no nested view left open)
      key={userId}
      userId={userId}
      tab={params.get('tab') ?? 'info'}
      onTab={(key) => {
        const next = new URLSearchParams(params);
        next.set('tab', key);
        setParams(next, { replace: true });
      }}
      onLeave={back}
    />
  );
}

interface PersonDetailViewProps {
  userId: number;
  /** the page keeps its tab in the address; a nested view keeps its own */
  tab?: string;
  onTab?(key: string): void;
  /** 基本信息's 返回: the page goes back to the list */
  onLeave(): void;
  /** a nested view: a 返回 in its head to the view that opened it (the back button shows only then) */
  onBack?(): void;
}

/**
 * One person's detail: its five tabs. A task of 众包任务记录 opens in place, and its 服务人员 opens that
 * person's view nested over this one (with 返回 to the task), as deep as one follows.
 */
function PersonDetailView({ userId, tab: routedTab, onTab, onLeave, onBack }: PersonDetailViewProps) {
  const { can } = useAccess();
  const unmask = useUnmaskToken();
  const [ownTab, setOwnTab] = useState('info');
  const [nested, setNested] = useState<number | null>(null);
  const canUnmask = can('personalAccountManage:info:desensitization');
  const token = canUnmask ? unmask?.token : undefined;
  const info = useQuery({
    queryKey: personInfoKey(userId, token),
    queryFn: () => fetchPersonInfo(userId, token),
  });
  if (!info.data)
    return <DetailLoadState error={info.error} notFound={PERSON_MSG.notFound} onBack={onBack ?? onLeave} />;
  const person = info.data;
  const tab = routedTab ?? ownTab;
  const tabs = [
    { key: 'info', label: '基本信息', children: <PersonAccountInfo info={person} onBack={onBack ?? onLeave} /> },
    can('personalAgreement:list:view') && {
      key: 'agreements',
      label: '协议记录',
      children: <PersonalAgreementList userId={person.id} />,
    },
    can('taskManage:list:view') && {
      key: 'tasks',
      label: '众包任务记录',
      children: <PersonTaskRecords userId={person.id} onPerson={setNested} />,
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
    <>
      {nested !== null && <PersonDetailView userId={nested} onLeave={onLeave} onBack={() => setNested(null)} />}
      {/* kept while a nested view shows, so its 返回 finds the task it came from */}
      <Card
        className="page-card"
        style={nested !== null ? { display: 'none' } : undefined}
        title={
          <Space>
            {onBack && <BackButton onBack={onBack} />}
            <span>
              <IdcardOutlined /> 自然人详情 - {person.name}
            </span>
          </Space>
        }
      >
        <Tabs activeKey={tab} destroyOnHidden onChange={onTab ?? setOwnTab} items={tabs} />
      </Card>
    </>
  );
}
