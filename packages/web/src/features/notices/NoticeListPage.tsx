/**
 * The notice list (/notice/view/list, spec 1 §2): unread and read tabs, marking chosen notices or
 * all of them read, a link to what a notice is about. Marking read refreshes the top bar's red dot.
 */
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import {
  formatChinaDateTime,
  NOTICE_READ_FLAG,
  NOTICE_TYPES,
  type NoticeReadFlag,
  type NoticeRecord,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tabs, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { UNREAD_NOTICE_COUNT_KEY } from '../../app/shell-calls';
import { type CellRenderer, ListPage, numericKeys } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { fetchNotices, markAllNoticesRead, markNoticesRead, NOTICE_LIST_KEY } from './notice-calls';
import './notices.css';

type Tab = 'unread' | 'read' | 'all';
const READ_FLAG_OF_TAB: Record<Tab, NoticeReadFlag | undefined> = { unread: 0, read: 1, all: undefined };

export default function NoticeListPage() {
  const [tab, setTab] = useState<Tab>('unread');
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const refresh = async () => {
    setSelected([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: NOTICE_LIST_KEY }),
      queryClient.invalidateQueries({ queryKey: UNREAD_NOTICE_COUNT_KEY }),
    ]);
  };

  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      notifier().success((await action()).message);
      await refresh();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const open = async (notice: NoticeRecord) => {
    if (notice.readFlag === 0) {
      try {
        await markNoticesRead([notice.id]);
        await refresh();
      } catch {
        // opening the linked page matters more than the read mark
      }
    }
    if (notice.link) navigate(notice.link);
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<NoticeRecord>>>>(
    () => ({
      title: (notice) => (
        <span className={notice.readFlag === 0 ? 'notice-title notice-title-unread' : 'notice-title'}>
          {notice.readFlag === 0 && <span className="notice-unread-dot" aria-hidden="true" />}
          {notice.title}
        </span>
      ),
      type: (notice) => <StatusTag dictionary={NOTICE_TYPES} value={notice.type} />,
      content: (notice) => (
        <Typography.Text className="notice-content" ellipsis={{ tooltip: notice.content }}>
          {notice.content || '-'}
        </Typography.Text>
      ),
      readFlag: (notice) => <StatusTag dictionary={NOTICE_READ_FLAG} value={notice.readFlag} />,
      createTime: (notice) => formatChinaDateTime(notice.createTime),
    }),
    [],
  );

  return (
    <Card
      className="page-card"
      title={
        <span>
          <BellOutlined /> 通知列表
        </span>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setSelected([]);
        }}
        items={[
          { key: 'unread', label: '未读通知' },
          { key: 'read', label: '已读通知' },
          { key: 'all', label: '全部通知' },
        ]}
      />
      <ListPage<NoticeRecord, { readFlag?: NoticeReadFlag }>
        serviceName="noticeList"
        queryKey={NOTICE_LIST_KEY}
        fixedFilters={{ readFlag: READ_FLAG_OF_TAB[tab] }}
        fetchPage={(request) =>
          fetchNotices({
            pageNo: request.pageNo,
            pageSize: request.pageSize,
            readFlag: READ_FLAG_OF_TAB[tab],
          })
        }
        rowKey="id"
        renderers={renderers}
        rowSelection={
          tab === 'read'
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: setSelected,
                getCheckboxProps: (notice) => ({ disabled: notice.readFlag === 1 }),
              }
        }
        toolbar={
          tab === 'read' ? null : (
            <>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                loading={busy}
                onClick={() => void run(() => markNoticesRead(numericKeys(selected)))}
              >
                标记已读
              </Button>
              <Button loading={busy} onClick={() => void run(markAllNoticesRead)}>
                全部已读
              </Button>
            </>
          )
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          width: 150,
          render: (_: unknown, notice: NoticeRecord) =>
            !notice.link && notice.readFlag === 1 ? (
              <span className="list-empty-cell">-</span>
            ) : (
              <Space size={4}>
                {notice.link && (
                  <Button type="link" size="small" onClick={() => void open(notice)}>
                    查看
                  </Button>
                )}
                {notice.readFlag === 0 && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void run(() => markNoticesRead([notice.id]))}
                    disabled={busy}
                  >
                    标记已读
                  </Button>
                )}
              </Space>
            ),
        }}
      />
    </Card>
  );
}
