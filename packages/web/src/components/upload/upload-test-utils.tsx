/** Helpers of the upload widget tests: real files of each format, picking them, a query client. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import type { ReactElement } from 'react';

export const HEADS = {
  pdf: new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n'),
  png: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpeg: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  zip: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0]),
  ole: Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  exe: new TextEncoder().encode('MZ\x90\x00\x03'),
};

/** A file with real leading bytes; `size` fakes a large size without allocating it. */
export function fileOf(name: string, head: Uint8Array, size?: number): File {
  const file = new File([new Uint8Array(head)], name);
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

export function pick(container: HTMLElement, ...files: File[]): void {
  const input = container.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
