/**
 * Real files of every format the upload rules know, made in memory (no binary fixtures in git),
 * and multipart bodies for `app.inject`.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { LoginUserInfo } from '@fieldpay/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { authHeaders, type TestContext } from './app';

/** A zip of stored (uncompressed) entries with a valid central directory. */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of one colour. */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [74, 144, 226]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG photo-like image, encoded by Skia (the same library the watermark uses). */
export async function jpegOf(width: number, height: number): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#2f6fd6');
  gradient.addColorStop(1, '#9fd36a');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  return Buffer.from(await canvas.encode('jpeg', 85));
}

export const pdfOf = (text = '结算报告'): Buffer =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

export const docxOf = (): Buffer =>
  zipOf({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });

export const xlsxOf = (): Buffer =>
  zipOf({ '[Content_Types].xml': '<?xml version="1.0"?><Types/>', 'xl/workbook.xml': '<workbook/>' });

/** An Android package: a zip with a manifest and code, padded to `size` bytes when asked. */
export const apkOf = (size = 0): Buffer =>
  zipOf({
    'AndroidManifest.xml': Buffer.from([0x03, 0x00, 0x08, 0x00]),
    'classes.dex': Buffer.from('dex\n035\0'),
    ...(size > 0 ? { 'assets/padding.bin': crypto.randomBytes(size) } : {}),
  });

/** A Windows program: what a renamed malicious attachment looks like. */
export const exeOf = (): Buffer =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]);

export type FormPart = { name: string; value: string } | { name: string; fileName: string; content: Buffer };

/** A multipart/form-data body and its content type, file names sent as UTF-8 like browsers do. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fieldpay${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every text of every page of a PDF, a page a line: what a reader of the file sees. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let pageNo = 1; pageNo <= doc.numPages; pageNo++) {
    const content = await (await doc.getPage(pageNo)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return texts.join('\n');
}

/** Uploads one file with the upload call's fields (scene, uploadPath, the record's id when it has one) as `who`. */
export async function uploadFile(
  t: TestContext,
  who: LoginUserInfo,
  fields: { scene: string; uploadPath: string; id?: number | string },
  fileName: string,
  content: Buffer,
) {
  const form = multipart([
    { name: 'scene', value: fields.scene },
    { name: 'uploadPath', value: fields.uploadPath },
    ...(fields.id === undefined ? [] : [{ name: 'id', value: String(fields.id) }]),
    { name: 'file', fileName, content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/resource/upload/upload',
    payload: form.payload,
    headers: { ...form.headers, ...authHeaders(who) },
  });
}
