/** Opening a stored file: a fresh signed link, in a new tab or as a download. */
import { type Disposition, fileLink } from './file-calls';

export async function openStoredFile(address: string, disposition: Disposition = 'inline'): Promise<void> {
  const { url } = await fileLink(address, disposition);
  if (disposition === 'inline') {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Only these open in the browser; the server sends every other type as a download. */
export const opensInline = (fileType: string | undefined): boolean =>
  ['pdf', 'png', 'jpg', 'jpeg'].includes((fileType ?? '').toLowerCase());
