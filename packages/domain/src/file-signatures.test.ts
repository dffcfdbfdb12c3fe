import { describe, expect, it } from 'vitest';
import { needsZipEntryCheck, signatureMatches, zipEntriesMatch } from './file-signatures';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

const HEADS = {
  jpeg: bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10),
  png: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  pdf: text('%PDF-1.7\n'),
  zip: bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0),
  ole: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
  rar4: bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00),
  rar5: bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00),
  xml: text('\ufeff  <?xml version="1.0"?><a/>'),
  exe: text('MZ\x90\x00\x03'),
  mp4: bytes(0, 0, 0, 0x20, ...text('ftypisom')),
};

describe('file signatures', () => {
  it('match each extension with its magic bytes', () => {
    expect(signatureMatches('jpg', HEADS.jpeg)).toBe(true);
    expect(signatureMatches('JPEG', HEADS.jpeg)).toBe(true);
    expect(signatureMatches('png', HEADS.png)).toBe(true);
    expect(signatureMatches('pdf', HEADS.pdf)).toBe(true);
    for (const ext of ['zip', 'docx', 'xlsx', 'ofd', 'apk']) expect(signatureMatches(ext, HEADS.zip), ext).toBe(true);
    expect(signatureMatches('doc', HEADS.ole)).toBe(true);
    expect(signatureMatches('xls', HEADS.ole)).toBe(true);
    expect(signatureMatches('rar', HEADS.rar4)).toBe(true);
    expect(signatureMatches('rar', HEADS.rar5)).toBe(true);
    expect(signatureMatches('xml', HEADS.xml)).toBe(true);
    expect(signatureMatches('mp4', HEADS.mp4)).toBe(true);
    expect(signatureMatches('mov', HEADS.mp4)).toBe(true);
  });

  it('refuse a renamed file, an empty head and unknown extensions', () => {
    expect(signatureMatches('pdf', HEADS.exe)).toBe(false);
    expect(signatureMatches('png', HEADS.jpeg)).toBe(false);
    expect(signatureMatches('docx', HEADS.ole)).toBe(false);
    expect(signatureMatches('xml', bytes(0x3c, 0x00, 0x61))).toBe(false);
    expect(signatureMatches('xml', text('hello'))).toBe(false);
    expect(signatureMatches('pdf', bytes())).toBe(false);
    expect(signatureMatches('exe', HEADS.exe)).toBe(false);
    expect(signatureMatches('mp4', HEADS.png)).toBe(false);
  });

  it('tell zip containers apart by the entry they must hold', () => {
    expect(needsZipEntryCheck('docx')).toBe(true);
    expect(needsZipEntryCheck('zip')).toBe(false);
    expect(zipEntriesMatch('docx', ['[Content_Types].xml', 'word/document.xml'])).toBe(true);
    expect(zipEntriesMatch('docx', ['[Content_Types].xml', 'xl/workbook.xml'])).toBe(false);
    expect(zipEntriesMatch('xlsx', ['xl/workbook.xml'])).toBe(true);
    expect(zipEntriesMatch('ofd', ['OFD.xml', 'Doc_0/Document.xml'])).toBe(true);
    expect(zipEntriesMatch('apk', ['classes.dex'])).toBe(false);
    expect(zipEntriesMatch('apk', ['AndroidManifest.xml', 'classes.dex'])).toBe(true);
    expect(zipEntriesMatch('zip', [])).toBe(true);
  });
});
