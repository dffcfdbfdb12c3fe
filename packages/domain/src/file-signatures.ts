/**
 * What a file's first bytes must be for its extension (magic numbers), so a renamed file is refused
 * by the client before it is sent and by the server after it arrived. Zip containers (docx, xlsx,
 * ofd, apk) are further told apart by an entry they must hold; only the server reads the zip's
 * central directory for that (the names only: archives are never unpacked).
 */

/** How many leading bytes the signature check reads. */
export const SIGNATURE_HEAD_BYTES = 64;

type ContainerKind = 'jpeg' | 'png' | 'pdf' | 'zip' | 'ole' | 'rar' | 'xml' | 'isobmff';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Word 97-2003 and Excel 97-2003 are OLE2 compound files */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RAR4 = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00];
const RAR5 = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** MP4 and QuickTime (ISO base media): a box size, then the ftyp box type */
const FTYP = [0x66, 0x74, 0x79, 0x70];

const KIND_BY_EXTENSION: Readonly<Record<string, ContainerKind>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  pdf: 'pdf',
  doc: 'ole',
  xls: 'ole',
  docx: 'zip',
  xlsx: 'zip',
  zip: 'zip',
  ofd: 'zip',
  apk: 'zip',
  rar: 'rar',
  xml: 'xml',
  mp4: 'isobmff',
  mov: 'isobmff',
};

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** XML text: optional UTF-8 byte-order mark and white space, then '<'; no NUL byte anywhere in the head. */
function looksLikeXml(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let index = startsWith(head, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (index < head.length && WHITESPACE.has(head[index])) index++;
  return head[index] === 0x3c;
}

function matchesKind(kind: ContainerKind, head: Uint8Array): boolean {
  switch (kind) {
    case 'jpeg':
      return startsWith(head, JPEG);
    case 'png':
      return startsWith(head, PNG);
    case 'pdf':
      return startsWith(head, PDF);
    case 'zip':
      return startsWith(head, ZIP);
    case 'ole':
      return startsWith(head, OLE);
    case 'rar':
      return startsWith(head, RAR4) || startsWith(head, RAR5);
    case 'xml':
      return looksLikeXml(head);
    case 'isobmff':
      return startsWith(head, FTYP, 4);
  }
}

/** Whether the leading bytes fit the extension; an unknown extension never fits. */
export function signatureMatches(extension: string, head: Uint8Array): boolean {
  const kind = KIND_BY_EXTENSION[extension.toLowerCase()];
  return kind !== undefined && matchesKind(kind, head);
}

/** The entry each zip-based format must hold: a folder prefix (ends with '/') or an exact name. */
const REQUIRED_ZIP_ENTRY: Readonly<Record<string, string>> = {
  docx: 'word/',
  xlsx: 'xl/',
  ofd: 'OFD.xml',
  apk: 'AndroidManifest.xml',
};

/** Whether this extension is a zip container whose entry names must be checked. */
export const needsZipEntryCheck = (extension: string): boolean =>
  Object.hasOwn(REQUIRED_ZIP_ENTRY, extension.toLowerCase());

/** Whether the zip's entry names show the format the extension claims (plain zip: any entries). */
export function zipEntriesMatch(extension: string, entryNames: readonly string[]): boolean {
  const required = REQUIRED_ZIP_ENTRY[extension.toLowerCase()];
  if (required === undefined) return true;
  return required.endsWith('/') ? entryNames.some((name) => name.startsWith(required)) : entryNames.includes(required);
}
