/**
 * 个人协议 (spec 3 §2 "Personal agreement list", §3, §5, §6; decision 0034): the agreements natural
 * persons signed. As a page (the platform's 人员中心, the enterprise's 协议管理) it searches by name and
 * agreement number (at most 50 characters), platform (the operator only), enterprise (the platform
 * side), project, type, signing time and creation time (ranges within 3662 days of the first pick;
 * creation defaults to the last 3662 days); embedded in a person's detail it lists that person's.
 * Each row offers 查看 (the signed contract in a new window) and 下载 (saved under the agreement's
 * name) with personalAgreement:list:download; an unsigned one answers 无签署合同.
 */
import { FileProtectOutlined } from '@ant-design/icons';
import {
  DATE_RANGE_DAYS,
  INPUT_MAX_LENGTH,
  PAGE_SIZE,
  PERSON_AGREEMENT_SIGN_STATUS,
  PERSON_AGREEMENT_TYPES,
  type PERSONAL_AGREEMENT_ORDER_FIELDS,
  type PersonalAgreementFilters,
  type PersonalAgreementRecord,
} from '@fieldpay/domain';
import { Button, Card, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { type DateRange, DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { type CellRenderer, ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { orDash, searchText } from '../../components/text';
import { personDetailPath } from '../persons/person-paths';
import { chinaTime } from '../settlements/settlement-format';
import { fetchPersonalAgreements, PERSONAL_AGREEMENT_LIST_KEY } from './personal-agreement-calls';
import { SignedContractActions } from './SignedContractActions';

type Filters = Omit<PersonalAgreementFilters, 'userId'>;
type PersonalAgreementOrderField = (typeof PERSONAL_AGREEMENT_ORDER_FIELDS)[number];

const TYPE_OPTIONS = Object.entries(PERSON_AGREEMENT_TYPES).map(([value, label]) => ({ value: Number(value), label }));

/** The creation-time range a search starts with: the last 3662 days, today included. */
export function defaultCreationRange(today = dayjs()): DateRange {
  return [today.subtract(DATE_RANGE_DAYS.agreementList, 'day').startOf('day'), today.endOf('day')];
}

/** The list; `userId` embeds it in that person's detail (no name filter, no link to the person). */
/**
 * The personal agreement list: the full search page, or embedded for one person (`userId`: 协议记录)
 * or one project (`fixedProjectId`: the project summary's 查看全部), without the fixed filter's field.
 */
export function PersonalAgreementList({ userId, fixedProjectId }: { userId?: number; fixedProjectId?: number }) {
  const navigate = useNavigate();
  const { can } = useAccess();
  const isOperator = useIsPlatformOperator();
  const platformSide = useSession((state) => state.side) === 'platform';
  const canDownload = can('personalAgreement:list:download');
  const linksPerson = userId === undefined && platformSide && can('personalAccountManage:list:view');
  const initialValues = useMemo(() => ({ created: defaultCreationRange() }), []);

  const renderers = useMemo<Partial<Record<string, CellRenderer<PersonalAgreementRecord>>>>(
    () => ({
      userName: (row) =>
        linksPerson ? (
          <Button
            type="link"
            size="small"
            className="person-name-link"
            onClick={() => navigate(personDetailPath(row.userId))}
          >
            {row.userName}
          </Button>
        ) : (
          plainCell(row.userName)
        ),
      agreementType: (row) => orDash(PERSON_AGREEMENT_TYPES[row.agreementType as keyof typeof PERSON_AGREEMENT_TYPES]),
      signStatus: (row) => <StatusTag dictionary={PERSON_AGREEMENT_SIGN_STATUS} value={row.signStatus} />,
      contractStartDate: (row) => plainCell(chinaTime(row.contractStartDate)),
      createTime: (row) => plainCell(chinaTime(row.createTime)),
    }),
    [linksPerson, navigate],
  );

  return (
    <ListPage<PersonalAgreementRecord, Filters & { userId?: number; projectId?: number }>
      serviceName="personalAgreementList"
      queryKey={[...PERSONAL_AGREEMENT_LIST_KEY, userId ?? 0, fixedProjectId ?? 0]}
      fetchPage={(request) =>
        fetchPersonalAgreements({
          ...request,
          orderField: request.orderField as PersonalAgreementOrderField | undefined,
        })
      }
      fixedFilters={
        userId === undefined && fixedProjectId === undefined
          ? undefined
          : {
              ...(userId === undefined ? {} : { userId }),
              ...(fixedProjectId === undefined ? {} : { projectId: fixedProjectId }),
            }
      }
      rowKey="id"
      listType={1}
      defaultPageSize={PAGE_SIZE.personalAgreements}
      renderers={renderers}
      initialValues={initialValues}
      searchFields={
        <>
          {userId === undefined && (
            <Form.Item name="userName" label="姓名">
              <Input allowClear placeholder="请输入姓名" maxLength={INPUT_MAX_LENGTH.userName} />
            </Form.Item>
          )}
          <Form.Item name="contractSn" label="协议编号">
            <Input allowClear placeholder="请输入协议编号" maxLength={INPUT_MAX_LENGTH.contractSn} />
          </Form.Item>
          {isOperator && (
            <Form.Item name="tenantId" label="平台名称">
              <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
            </Form.Item>
          )}
          {/* a project is one enterprise's: no enterprise to choose inside it */}
          {platformSide && fixedProjectId === undefined && (
            <Form.Item name="enterpriseId" label="企业名称">
              <RemoteSelect kind="enterprise" placeholder="请选择企业" style={{ width: 220 }} />
            </Form.Item>
          )}
          {fixedProjectId === undefined && (
            <Form.Item name="projectId" label="项目名称">
              <RemoteSelect kind="project" placeholder="请选择项目" style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="agreementType" label="协议类型">
            <Select allowClear placeholder="请选择协议类型" options={TYPE_OPTIONS} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="signed" label="签署时间">
            <DateRangePicker variant="agreementList" />
          </Form.Item>
          <Form.Item name="created" label="创建时间">
            <DateRangePicker variant="agreementList" />
          </Form.Item>
        </>
      }
      toFilters={({ userName, contractSn, tenantId, enterpriseId, projectId, agreementType, signed, created }) => {
        const signedRange = rangeToTimes(signed as DateRange | null | undefined);
        return {
          userName: searchText(userName),
          contractSn: searchText(contractSn),
          tenantId: tenantId as number | undefined,
          enterpriseId: enterpriseId as number | undefined,
          projectId: projectId as number | undefined,
          agreementType: agreementType as number | undefined,
          startSignTime: signedRange.startTime,
          endSignTime: signedRange.endTime,
          ...rangeToTimes(created as DateRange | null | undefined),
        };
      }}
      actionColumn={
        canDownload
          ? {
              title: '操作',
              key: 'actions',
              fixed: 'right',
              width: 130,
              render: (_value, row) => <SignedContractActions contract={row} signed={row.signStatus === 1} />,
            }
          : undefined
      }
    />
  );
}

export default function PersonalAgreementListPage() {
  return (
    <Card
      className="page-card"
      title={
        <span>
          <FileProtectOutlined /> 个人协议
        </span>
      }
    >
      <PersonalAgreementList />
    </Card>
  );
}
