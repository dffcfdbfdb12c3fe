/**
 * The Content-Disposition of a file the server sends (RFC 6266 with RFC 5987): the whole name, Chinese
 * included, in filename*; a plain ASCII name in filename for the clients that read only that one. The
 * ASCII name is the file's own with every other character made '_', unless the caller names one.
 */
export function contentDisposition(
  disposition: 'inline' | 'attachment',
  fileName: string,
  asciiName = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_'),
): string {
  return `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
