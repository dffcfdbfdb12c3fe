/**
 * The download cache (spec 2 §2.9, spec 3 §2 / §4 / §7): the download log of the platform side
 * and the order-generation cache of the enterprise side. Filters: cache type and cache time range;
 * columns: cache time, remaining validity, project name, service type, operator, download type and
 * cache status. 下载 works only for ready files (status 1) and users holding page:list:download.
 * While a file is being generated the list refreshes itself and shows the progress.
 */
import { CloudDownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DOWNLOAD_CACHE_STATUS,
  DOWNLOAD_CACHE_VALID_DAYS,
  DOWNLOAD_TYPE_LABELS,
  type DownloadCacheRecord,
  formatChinaDateTime,
  isCacheDownloadable,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Progress, Select, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { isCancelled } from '../../api/http';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { type CellRenderer, ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import {
  DOWNLOAD_CACHE_LIST_KEY,
  type DownloadCacheFilters,
  downloadCacheFile,
  fetchDownloadCaches,
} from './download-cache-calls';
import './downloads.css';

/** Refresh period while any file on the page is still being generated. */
export const GENERATING_REFRESH_MS = 3_000;

const TYPE_OPTIONS = Object.entries(DOWNLOAD_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));

export function DownloadCachePage({ title }: { title: string }) {
  const canDownload = useAccess().can('page:list:download');
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (record: DownloadCacheRecord) => {
    if (downloading !== null) return;
    setDownloading(record.id);
    try {
      await downloadCacheFile(record);
      await queryClient.invalidateQueries({ queryKey: DOWNLOAD_CACHE_LIST_KEY });
    } catch (error) {
      if (!isCancelled(error)) {
        // the request layer has shown the server's message
      }
    } finally {
      setDownloading(null);
    }
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<DownloadCacheRecord>>>>(
    () => ({
      createTime: (record) => formatChinaDateTime(record.createTime),
      remainingDays: (record) => (
        <span className={record.remainingDays <= 1 ? 'cache-expiring' : undefined}>{record.remainingDays}天</span>
      ),
      parentVisitTypeDict: (record) => record.parentVisitTypeDict || <span className="list-empty-cell">-</span>,
      // an export requested after the desensitization check carries personal data in the clear
      downloadType: (record) => (
        <span>
          {record.downloadType_dictText}
          {record.unmasked && (
            <Tag color="orange" className="cache-unmasked">
              明文
            </Tag>
          )}
        </span>
      ),
      downloadStatus: (record) =>
        record.downloadStatus === 0 ? (
          <div className="cache-progress">
            <StatusTag dictionary={DOWNLOAD_CACHE_STATUS} value={record.downloadStatus} />
            <Progress percent={record.progress} size="small" showInfo={false} />
          </div>
        ) : record.downloadStatus === 2 && record.failReason ? (
          <Tooltip title={record.failReason}>
            <span>
              <StatusTag dictionary={DOWNLOAD_CACHE_STATUS} value={record.downloadStatus} />
            </span>
          </Tooltip>
        ) : (
          <StatusTag dictionary={DOWNLOAD_CACHE_STATUS} value={record.downloadStatus} />
        ),
    }),
    [],
  );

  return (
    <Card
      className="page-card"
      title={
        <span>
          <CloudDownloadOutlined /> {title}
        </span>
      }
      extra={
        <Typography.Text type="secondary">
          导出文件缓存有效期为{DOWNLOAD_CACHE_VALID_DAYS}天，过期后自动删除，请及时下载
        </Typography.Text>
      }
    >
      <ListPage<DownloadCacheRecord, DownloadCacheFilters>
        serviceName="downloadCacheList"
        queryKey={DOWNLOAD_CACHE_LIST_KEY}
        fetchPage={fetchDownloadCaches}
        refreshEvery={(page) =>
          page.records.some((record) => record.downloadStatus === 0) ? GENERATING_REFRESH_MS : false
        }
        rowKey="id"
        renderers={renderers}
        searchFields={
          <>
            <Form.Item name="downloadType" label="缓存类型">
              <Select allowClear placeholder="全部类型" options={TYPE_OPTIONS} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="cacheTime" label="缓存时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
        toFilters={({ downloadType, cacheTime }) => ({
          downloadType: downloadType as DownloadCacheFilters['downloadType'],
          ...rangeToTimes(cacheTime as Parameters<typeof rangeToTimes>[0]),
        })}
        toolbar={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: DOWNLOAD_CACHE_LIST_KEY })}
          >
            刷新
          </Button>
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          width: 90,
          fixed: 'right',
          render: (_: unknown, record: DownloadCacheRecord) => {
            const ready = isCacheDownloadable(record.downloadStatus) && record.remainingDays > 0;
            const reason = !canDownload ? '暂无下载权限' : ready ? undefined : '文件未生成，暂不可下载';
            return (
              <Tooltip title={reason}>
                <Button
                  type="link"
                  size="small"
                  disabled={!ready || !canDownload}
                  loading={downloading === record.id}
                  onClick={() => void download(record)}
                >
                  下载
                </Button>
              </Tooltip>
            );
          },
        }}
      />
    </Card>
  );
}
