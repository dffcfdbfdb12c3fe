/**
 * PDF viewer (spec 1 §2): the pages of a stored PDF, or 无效文件 when there is no file or it cannot
 * be read. react-pdf and the pdf.js worker load lazily, the first time a PDF is shown.
 */
import { MSG } from '@fieldpay/domain';
import { Empty, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useFileUrl } from './use-file-url';
import './upload.css';

const PdfPages = lazy(() => import('./PdfPages'));

export interface PdfViewerProps {
  /** the stored file's address; a signed link is fetched for it */
  address?: string | null;
  /** a link that already opens the file */
  url?: string | null;
  /** page width in pixels */
  width?: number;
}

export function InvalidFile() {
  return <Empty className="pdf-invalid" image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.invalidFile} />;
}

export function PdfViewer({ address, url, width = 680 }: PdfViewerProps) {
  const link = useFileUrl(url ? null : address, url ?? undefined);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!address && !url) return <InvalidFile />;
  if (link.failed && !link.url) return <InvalidFile />;
  if (!link.url) return <Spin className="pdf-loading" />;
  if (failedSrc === link.url) return <InvalidFile />;
  const src = link.url;
  return (
    <div className="pdf-viewer">
      <Suspense fallback={<Spin className="pdf-loading" />}>
        <PdfPages src={src} width={width} onFailed={() => setFailedSrc(src)} />
      </Suspense>
    </div>
  );
}
