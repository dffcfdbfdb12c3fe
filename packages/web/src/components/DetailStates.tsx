/**
 * The frame pieces every detail view shares: its 返回, and what it shows until its record is there:
 * a spinner while it loads; when it cannot, the record's own "not found" for a 404 (a foreign or
 * deleted record answers so) and the server's message for anything else, with 返回 either way.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ApiCode } from '@fieldpay/domain';
import { Button, Card, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../api/http';

/** 返回, or a label saying where it goes back to (返回汇总). */
export function BackButton({ onBack, children = '返回' }: { onBack(): void; children?: ReactNode }) {
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      {children}
    </Button>
  );
}

/** The record not shown yet: `error` null while it loads. */
export function DetailLoadState({
  error,
  notFound,
  onBack,
}: {
  error: Error | null;
  notFound: string;
  onBack(): void;
}) {
  if (!error) {
    return (
      <Card className="page-card">
        <Spin className="page-spin" />
      </Card>
    );
  }
  const missing = error instanceof ApiError && (error.status === 404 || error.code === ApiCode.notFound);
  return (
    <Card className="page-card">
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? notFound : error.message || '加载失败'}
        extra={<BackButton onBack={onBack} />}
      />
    </Card>
  );
}
