/**
 * The react-pdf part of the PDF viewer, in its own chunk with the pdf.js worker: pages that need
 * no PDF load none of it.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Spin } from 'antd';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** The console's content security policy forbids eval; pdf.js then draws fonts without it. */
const PDF_OPTIONS = { isEvalSupported: false };

export interface PdfPagesProps {
  src: string;
  width: number;
  onFailed(): void;
}

export default function PdfPages({ src, width, onFailed }: PdfPagesProps) {
  const [pageCount, setPageCount] = useState(0);
  return (
    <Document
      file={src}
      options={PDF_OPTIONS}
      onLoadSuccess={({ numPages }) => setPageCount(numPages)}
      onLoadError={onFailed}
      onSourceError={onFailed}
      loading={<Spin />}
      error={null}
      className="pdf-document"
    >
      {Array.from({ length: pageCount }, (_, index) => (
        <Page
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's number is its identity
          key={index}
          pageNumber={index + 1}
          width={width}
          renderTextLayer={false}
          renderAnnotationLayer={false}
          className="pdf-page"
        />
      ))}
    </Document>
  );
}
