/**
 * 角色管理 (decision 0013): roles with their three-level menus and each page's permission codes, on
 * the session's side: the platform side's roles of a tenant, or (decision 0029) an enterprise's own
 * roles beside the tenant's shared ones. The tree offers only what the editor holds; built-in and
 * shared roles are read-only and a role in use cannot be deleted (the server says so).
 */
import { PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  type RoleMenuNode,
  type PermissionCode,
  type RoleRecord,
  roleSaveOperation,
  type Side,
  STAFF_FIELD_MAX_LENGTH,
  STAFF_MSG,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Space, Spin, Tag, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import { notifier } from '../../app/notify';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { FormDialog } from '../../components/FormDialog';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { ListPage } from '../../components/list/ListPage';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import {
  deleteEnterpriseRole,
  deleteRole,
  fetchEnterpriseRoleMenuTree,
  fetchEnterpriseRoles,
  fetchRoleMenuTree,
  fetchRoles,
  ROLE_LIST_KEY,
  saveEnterpriseRole,
  saveRole,
} from './staff-calls';

/** What differs by side: the calls and the code that edits. One screen, one set of rules on the server. */
interface RoleCalls {
  editCode: PermissionCode;
  /** what the accounts holding a role are called */
  holders: string;
  list(query: { pageNo: number; pageSize: number; name?: string; tenantId?: number }): ReturnType<typeof fetchRoles>;
  menuTree(tenantId: number | undefined): ReturnType<typeof fetchRoleMenuTree>;
  save(input: Parameters<typeof saveRole>[0]): Promise<unknown>;
  remove(id: number): Promise<unknown>;
}

const CALLS: Record<Side, RoleCalls> = {
  platform: {
    editCode: 'sysRole:list:edit',
    holders: '账号数',
    list: (query) => fetchRoles(query),
    menuTree: (tenantId) => fetchRoleMenuTree(tenantId),
    save: (input) => saveRole(input),
    remove: (id) => deleteRole(id),
  },
  enterprise: {
    editCode: 'enterpriseRole:list:edit',
    holders: '成员数',
    list: ({ pageNo, pageSize, name }) => fetchEnterpriseRoles({ pageNo, pageSize, name }),
    menuTree: () => fetchEnterpriseRoleMenuTree(),
    save: ({ tenantId: _, ...input }) => saveEnterpriseRole(input),
    remove: (id) => deleteEnterpriseRole(id),
  },
};

const useRoleCalls = () => {
  const side = useSession((state) => state.side);
  return { side, calls: CALLS[side] };
};

const PERM_PREFIX = 'perm:';
const permKey = (code: string) => `${PERM_PREFIX}${code}`;

/** The menu tree with each page's codes as its leaves; menus keyed by id, codes by `perm:<code>`. */
export function toTreeData(menus: RoleMenuNode[], other: Array<{ code: string; name: string }>): DataNode[] {
  const nodeOf = (menu: RoleMenuNode): DataNode => ({
    key: menu.id,
    title: menu.name,
    children: [
      ...menu.children.map(nodeOf),
      ...menu.permissions.map((p) => ({ key: permKey(p.code), title: <span className="perm-node">{p.name}</span> })),
    ],
  });
  const nodes = menus.map(nodeOf);
  if (other.length > 0) {
    nodes.push({
      key: 'other',
      title: '其他权限',
      children: other.map((p) => ({ key: permKey(p.code), title: <span className="perm-node">{p.name}</span> })),
    });
  }
  return nodes;
}

/** Checked and half-checked keys into what the server takes: menus (a page's codes bring the page) and codes. */
export function selectionOf(checked: Key[], halfChecked: Key[]): { menuIds: number[]; permCodes: string[] } {
  const all = [...checked, ...halfChecked];
  return {
    menuIds: all.filter((key): key is number => typeof key === 'number'),
    permCodes: checked
      .filter((key): key is string => typeof key === 'string' && key.startsWith(PERM_PREFIX))
      .map((key) => key.slice(PERM_PREFIX.length)),
  };
}

const nameRule = zodRule(roleSaveOperation.input.shape.name);

interface RoleFormValues {
  name: string;
  tenantId?: number;
}

export function RoleDialog({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: RoleRecord | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<RoleFormValues>();
  const { side, calls } = useRoleCalls();
  const isOperator = useIsPlatformOperator();
  const chosenTenant = Form.useWatch('tenantId', form);
  const tenantId = side === 'enterprise' ? undefined : editing ? editing.tenantId : chosenTenant;
  const tree = useQuery({
    queryKey: ['role', 'menuTree', side, tenantId ?? null],
    queryFn: () => calls.menuTree(tenantId),
    enabled: open,
  });
  const treeData = useMemo(
    () => (tree.data ? toTreeData(tree.data.menus, tree.data.otherPermissions) : []),
    [tree.data],
  );
  const initialChecked = useMemo<Key[]>(() => {
    if (!editing) return [];
    // leaves only: antd derives the parents' state from them
    const pages = new Set<number>();
    const collect = (nodes: RoleMenuNode[]) => {
      for (const node of nodes) {
        if (node.children.length === 0) pages.add(node.id);
        collect(node.children);
      }
    };
    collect(tree.data?.menus ?? []);
    return [...editing.menuIds.filter((id) => pages.has(id)), ...editing.permCodes.map(permKey)];
  }, [editing, tree.data]);
  const [checked, setChecked] = useState<{ checked: Key[]; half: Key[] } | null>(null);
  const [treeError, setTreeError] = useState<string | null>(null);
  const current = checked ?? { checked: initialChecked, half: [] };

  const close = () => {
    setChecked(null);
    setTreeError(null);
    onClose();
  };

  const submit = async (values: RoleFormValues) => {
    const selection = selectionOf(current.checked, current.half);
    if (checked === null && editing) {
      selection.menuIds = editing.menuIds;
      selection.permCodes = editing.permCodes;
    }
    if (selection.menuIds.length === 0) {
      setTreeError(STAFF_MSG.roleMenusRequired);
      return false;
    }
    await calls.save({
      id: editing?.id,
      tenantId: editing ? undefined : values.tenantId,
      name: values.name,
      ...selection,
    });
    notifier().success('保存成功');
    onSaved();
  };

  return (
    <FormDialog
      open={open}
      title={editing ? '编辑角色' : '新增角色'}
      width={640}
      form={form}
      onSubmit={submit}
      onClose={close}
      initialValues={editing ? { name: editing.name } : undefined}
    >
      {!editing && isOperator && (
        <Form.Item name="tenantId" label="所属平台" extra="不选择时为平台运营方的角色">
          <RemoteSelect
            kind="tenant"
            placeholder="请选择平台"
            filters={{ status: 1 }}
            onChange={() => setChecked({ checked: [], half: [] })}
          />
        </Form.Item>
      )}
      <Form.Item name="name" label="角色名称" required rules={[nameRule]}>
        <Input placeholder="请输入角色名称" maxLength={STAFF_FIELD_MAX_LENGTH.roleName} />
      </Form.Item>
      <Form.Item
        label="菜单与权限"
        required
        validateStatus={treeError ? 'error' : undefined}
        help={treeError ?? '勾选页面即授予该页面；页面下为该页面的操作权限。只能授予您自己拥有的菜单和权限。'}
      >
        <div className="role-tree-box">
          {tree.isFetching ? (
            <Spin />
          ) : treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
          ) : (
            <Tree
              checkable
              defaultExpandAll
              selectable={false}
              treeData={treeData}
              checkedKeys={current.checked}
              onCheck={(keys, info) => {
                const list = Array.isArray(keys) ? keys : keys.checked;
                setChecked({ checked: list, half: (info.halfCheckedKeys ?? []) as Key[] });
                setTreeError(null);
              }}
            />
          )}
        </div>
      </Form.Item>
    </FormDialog>
  );
}

export default function RoleListPage() {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const { side, calls } = useRoleCalls();
  const canEdit = can(calls.editCode);
  const isOperator = useIsPlatformOperator();
  const [dialog, setDialog] = useState<{ editing: RoleRecord | null } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ROLE_LIST_KEY });

  const act = useConfirmedAction(refresh);
  const remove = (row: RoleRecord) =>
    act(STAFF_MSG.confirmDeleteRole(row.name), () => calls.remove(row.id), '删除成功');

  const columns: ColumnsType<RoleRecord> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: '角色名称',
      width: 200,
      render: (value: string, row: RoleRecord) => (
        <Space size={4}>
          {value}
          {row.builtIn && <Tag color="blue">内置</Tag>}
        </Space>
      ),
    },
    ...(isOperator
      ? [
          {
            key: 'tenantName',
            dataIndex: 'tenantName',
            title: '所属平台',
            width: 200,
            ellipsis: true,
            render: (value: string, row: RoleRecord) => (row.tenantId === 0 ? '平台运营方' : value),
          },
        ]
      : []),
    { key: 'menuCount', title: '菜单数', width: 100, render: (_: unknown, row: RoleRecord) => row.menuIds.length },
    { key: 'permCount', title: '权限数', width: 100, render: (_: unknown, row: RoleRecord) => row.permCodes.length },
    { key: 'userCount', dataIndex: 'userCount', title: calls.holders, width: 100 },
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <span>
            <SafetyOutlined /> 角色管理
          </span>
        }
      >
        <ListPage<RoleRecord, { name?: string; tenantId?: number }>
          queryKey={[...ROLE_LIST_KEY, side]}
          fetchPage={(request) =>
            calls.list({
              pageNo: request.pageNo,
              pageSize: request.pageSize,
              name: request.name,
              tenantId: request.tenantId,
            })
          }
          rowKey="id"
          columns={columns}
          searchFields={
            <>
              <Form.Item name="name" label="角色名称">
                <Input allowClear placeholder="请输入角色名称" maxLength={STAFF_FIELD_MAX_LENGTH.roleName} />
              </Form.Item>
              {isOperator && (
                <Form.Item name="tenantId" label="所属平台">
                  <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
                </Form.Item>
              )}
            </>
          }
          toolbar={
            canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
                新增角色
              </Button>
            ) : undefined
          }
          actionColumn={{
            title: '操作',
            key: 'actions',
            width: 140,
            fixed: 'right',
            render: (_: unknown, row: RoleRecord) =>
              row.builtIn ? (
                <span className="list-empty-cell">内置角色不可修改</span>
              ) : (
                canEdit && (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setDialog({ editing: row })}>
                      编辑
                    </Button>
                    <Button type="link" size="small" danger onClick={() => void remove(row)}>
                      删除
                    </Button>
                  </Space>
                )
              ),
          }}
        />
      </Card>
      <RoleDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
    </>
  );
}
