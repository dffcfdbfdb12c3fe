/**
 * The 导出 button of the log screens (审计日志, 登录日志): it exports the filters the list applied last
 * (without paging or empty values) through the export centre, once at a time, and is shown only to a
 * session holding the export code. `remember(filters)` is called from the list's fetch.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

/** The applied filters without paging or empty values: what the export takes. */
export function definedFilters<F extends object>(applied: F & { pageNo?: number; pageSize?: number }): F {
  const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = applied;
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as F;
}

export function useLogExport<F extends object>(
  canExport: boolean,
  submit: (filters: F) => Promise<unknown>,
): { remember(filters: F): void; exportButton: ReactNode } {
  const applied = useRef<F>({} as F);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      await submit(definedFilters(applied.current));
    } catch {
      // the request layer has shown the server's message
    } finally {
      setExporting(false);
    }
  };
  return {
    remember: (filters) => {
      applied.current = filters;
    },
    exportButton: canExport ? (
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={run}>
        导出
      </Button>
    ) : undefined,
  };
}
