/**
 * 自然人账户 (spec 3 §1, §2, §4; decision 0033), platform side: the persons registered on the
 * platform (the operator's: every platform's, with the platform column), searched by name (at most
 * 30), phone (at most 11), number and account status; per row 详情 (the five-tab detail), 禁用 / 启用,
 * 转出 and 转出记录 as person-actions.ts allows.
 */
import { TeamOutlined } from '@ant-design/icons';
import {
  INPUT_MAX_LENGTH,
  PAGE_SIZE,
  PERSON_LOGIN_FLAG,
  type PersonListQuery,
  type PersonListRecord,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type CellRenderer, ListPage, plainCell } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { searchText } from '../../components/text';
import { chinaTime } from '../settlements/settlement-format';
import { type PersonTarget, PersonTransferDialog, PersonTransferRecordsDialog } from './PersonDialogs';
import { useLoginFlagActions, usePersonActions } from './person-actions';
import { fetchPersons, PERSON_KEY, PERSON_LIST_KEY } from './person-calls';
import { personDetailPath } from './person-paths';
import './persons.css';

type Filters = Omit<PersonListQuery, 'pageNo' | 'pageSize'>;

const FLAG_OPTIONS = Object.entries(PERSON_LOGIN_FLAG).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));

type Dialog = { kind: 'transfer' | 'records'; person: PersonTarget } | null;

export default function PersonAccountListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const actionsOf = usePersonActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PERSON_KEY });
  const loginFlag = useLoginFlagActions(refresh);

  const renderers = useMemo<Partial<Record<string, CellRenderer<PersonListRecord>>>>(
    () => ({
      loginFlag: (row) => <StatusTag dictionary={PERSON_LOGIN_FLAG} value={row.loginFlag} />,
      createTime: (row) => plainCell(chinaTime(row.createTime)),
      name: (row) => (
        <Button
          type="link"
          size="small"
          className="person-name-link"
          onClick={() => navigate(personDetailPath(row.id))}
        >
          {row.name}
        </Button>
      ),
    }),
    [navigate],
  );

  return (
    <Card
      className="page-card"
      title={
        <span>
          <TeamOutlined /> 自然人账户
        </span>
      }
    >
      <ListPage<PersonListRecord, Filters>
        serviceName="personAccountList"
        queryKey={PERSON_LIST_KEY}
        fetchPage={(request) => fetchPersons(request)}
        rowKey="id"
        listType={1}
        defaultPageSize={PAGE_SIZE.personLists}
        renderers={renderers}
        searchFields={
          <>
            <Form.Item name="name" label="姓名">
              <Input allowClear placeholder="请输入姓名" maxLength={INPUT_MAX_LENGTH.companyPicker} />
            </Form.Item>
            <Form.Item name="phone" label="手机号">
              <Input allowClear placeholder="请输入手机号" maxLength={INPUT_MAX_LENGTH.phone} inputMode="numeric" />
            </Form.Item>
            <Form.Item name="userSn" label="用户编号">
              <Input allowClear placeholder="请输入用户编号" maxLength={32} />
            </Form.Item>
            <Form.Item name="loginFlag" label="账号状态">
              <Select allowClear placeholder="请选择账号状态" options={FLAG_OPTIONS} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toFilters={({ name, phone, userSn, loginFlag: flag }) => ({
          name: searchText(name),
          phone: searchText(phone),
          userSn: searchText(userSn),
          loginFlag: typeof flag === 'number' ? flag : undefined,
        })}
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 210,
          render: (_value, row) => {
            const allowed = actionsOf(row.loginFlag);
            const target: PersonTarget = {
              id: row.id,
              tenantId: row.tenantId,
              name: row.name,
              loginName: row.loginName,
            };
            return (
              <span className="list-actions">
                <Button type="link" size="small" onClick={() => navigate(personDetailPath(row.id))}>
                  详情
                </Button>
                {allowed.ban && (
                  <Button type="link" size="small" danger onClick={() => void loginFlag.ban(row)}>
                    禁用
                  </Button>
                )}
                {allowed.enable && (
                  <Button type="link" size="small" onClick={() => void loginFlag.enable(row)}>
                    启用
                  </Button>
                )}
                {allowed.transferOut && (
                  <Button type="link" size="small" onClick={() => setDialog({ kind: 'transfer', person: target })}>
                    转出
                  </Button>
                )}
                {allowed.transferRecords && (
                  <Button
                    type="link"
                    size="small"
                    disabled={!row.transferred}
                    onClick={() => setDialog({ kind: 'records', person: target })}
                  >
                    转出记录
                  </Button>
                )}
              </span>
            );
          },
        }}
      />
      <PersonTransferDialog
        person={dialog?.kind === 'transfer' ? dialog.person : null}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <PersonTransferRecordsDialog
        person={dialog?.kind === 'records' ? dialog.person : null}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
