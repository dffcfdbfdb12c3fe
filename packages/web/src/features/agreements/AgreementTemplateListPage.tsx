/**
 * 协议模板 (decision 0041): the enterprise's agreements for its projects' people, searched by name,
 * with 新增协议模板 and, per row, 详情, 编辑 (while nobody has signed it) and 查看内容 (协议内容).
 */
import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { type AgreementTemplateRow, INPUT_MAX_LENGTH } from '@fieldpay/domain';
import { Button, Form, Input, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useAccess } from '../../app/use-access';
import { ListPage } from '../../components/list/ListPage';
import { searchText } from '../../components/text';
import { chinaTime } from '../settlements/settlement-format';
import { AGREEMENT_TEMPLATES_KEY, fetchTemplateContent, fetchTemplates } from './agreement-template-calls';
import { AgreementContentDialog } from './AgreementContentDialog';
import { AgreementTemplateDialog, type TemplateDialogMode } from './AgreementTemplateDialog';
import { OwnEnterpriseCard } from '../../components/OwnEnterpriseCard';
import type { AgreementOwner } from './SigningRecords';

export function AgreementTemplateList({ owner }: { owner: AgreementOwner }) {
  const { can } = useAccess();
  const canEdit = can('agreementTemplate:list:edit');
  const [dialog, setDialog] = useState<TemplateDialogMode | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const columns: ColumnsType<AgreementTemplateRow> = [
    { title: '协议名称', dataIndex: 'agreementName', ellipsis: true },
    { title: '协议编号', dataIndex: 'contractSn', width: 200 },
    {
      title: '协议变量',
      key: 'params',
      ellipsis: true,
      render: (_value, row) => (row.params.length ? row.params.map((param) => param.value).join('、') : '-'),
    },
    { title: '已签署人数', dataIndex: 'signedCount', width: 110 },
    { title: '创建时间', dataIndex: 'createTime', width: 170, render: (value: number) => chinaTime(value) },
    { title: '更新时间', dataIndex: 'updateTime', width: 170, render: (value: number) => chinaTime(value) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_value, row) => (
        <span className="list-actions">
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'detail', id: row.id })}>
            详情
          </Button>
          {canEdit && (
            <Tooltip title={row.signedCount > 0 ? '已有人员签署，不可修改' : undefined}>
              <Button
                type="link"
                size="small"
                disabled={row.signedCount > 0}
                onClick={() => setDialog({ kind: 'edit', id: row.id })}
              >
                编辑
              </Button>
            </Tooltip>
          )}
          <Button
            type="link"
            size="small"
            onClick={() =>
              void fetchTemplateContent(row.id)
                .then((answer) => setViewing(answer.content))
                .catch(() => undefined)
            }
          >
            查看内容
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <ListPage<AgreementTemplateRow, { agreementName?: string }>
        queryKey={[...AGREEMENT_TEMPLATES_KEY, owner.enterpriseId, owner.tenantId]}
        fetchPage={(request) => fetchTemplates({ ...request, ...owner })}
        rowKey="id"
        columns={columns}
        searchFields={
          <Form.Item name="agreementName" label="协议名称">
            <Input allowClear placeholder="请输入协议名称" maxLength={INPUT_MAX_LENGTH.agreementNameTemplate} />
          </Form.Item>
        }
        toFilters={({ agreementName }) => ({ agreementName: searchText(agreementName) })}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              新增协议模板
            </Button>
          ) : undefined
        }
      />
      <AgreementTemplateDialog owner={owner} mode={dialog} onClose={() => setDialog(null)} />
      <AgreementContentDialog
        source={viewing === null ? null : { content: viewing }}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

export default function AgreementTemplateListPage() {
  return (
    <OwnEnterpriseCard icon={<FileTextOutlined />} title="协议模板">
      {(owner) => <AgreementTemplateList owner={owner} />}
    </OwnEnterpriseCard>
  );
}
