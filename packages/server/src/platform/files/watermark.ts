import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { CANVAS_FONT, loadCanvas } from '../canvas';

/**
 * The watermark of uploadWithWatermark (decision 0006): a band along the bottom of the image with
 * the upload time, the uploader and a tamper code, drawn with Skia (@napi-rs/canvas, whose
 * prebuilt binary comes inside its npm package) in Noto Sans Hans (@embedpdf/fonts-sc), so Chinese
 * renders the same on every machine. The full stamp also goes into the file itself: a PNG tEXt
 * chunk or a JPEG COM segment.
 */

/** decoding more pixels than this would cost hundreds of MB; no phone photo comes near it */
export const MAX_STAMP_PIXELS = 50_000_000;
export const STAMP_METADATA_KEYWORD = 'fieldpay-stamp';

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height from the PNG header or the JPEG frame header, without decoding. */
export function imageDimensions(bytes: Buffer): ImageSize | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let position = 2;
  while (position + 9 < bytes.length) {
    if (bytes[position] !== 0xff) return null;
    const marker = bytes[position + 1];
    // standalone markers carry no length
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      position += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(position + 2);
    // start-of-frame markers (all but DHT C4, JPG C8 and DAC CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(position + 5), width: bytes.readUInt16BE(position + 7) };
    }
    position += 2 + length;
  }
  return null;
}

/** The stamp text goes into the file: a PNG tEXt chunk before IEND, or a JPEG COM segment after SOI. */
export function embedStampText(bytes: Buffer, format: 'png' | 'jpeg', text: string): Buffer {
  const payload = Buffer.from(text, 'latin1');
  if (format === 'jpeg') {
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([bytes.subarray(0, 2), segment, payload, bytes.subarray(2)]);
  }
  const data = Buffer.concat([Buffer.from(`tEXt${STAMP_METADATA_KEYWORD}\0`, 'latin1'), payload]);
  const chunk = Buffer.alloc(data.length + 8);
  chunk.writeUInt32BE(data.length - 4, 0);
  data.copy(chunk, 4);
  chunk.writeUInt32BE(zlib.crc32(data), data.length + 4);
  const iend = bytes.length - 12;
  return Buffer.concat([bytes.subarray(0, iend), chunk, bytes.subarray(iend)]);
}

/** What the tamper hash covers: the original image, who uploaded it where, and when. */
export interface StampFacts {
  originalSha256: string;
  tenantId: number;
  uploaderId: number;
  stampedAt: Date;
}

/** The tamper hash (its first 16 hex characters are the printed 防伪码): HMAC-SHA256 under serverKey 'watermark'. */
export const stampHash = (key: Buffer, facts: StampFacts): string =>
  crypto
    .createHmac('sha256', key)
    .update(`${facts.originalSha256}|${facts.tenantId}|${facts.uploaderId}|${facts.stampedAt.toISOString()}`)
    .digest('hex');

export interface StampInput {
  bytes: Buffer;
  format: 'png' | 'jpeg';
  /** printed one per line, top to bottom */
  lines: string[];
  /** written into the file's metadata (ASCII) */
  metadata: string;
}

/** Draws the stamp band and answers the new image in the same format; null when the image cannot be decoded. */
export async function stampImage(input: StampInput): Promise<Buffer | null> {
  const { createCanvas, loadImage } = await loadCanvas();
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(input.bytes);
  } catch {
    return null;
  }
  // the decoder applies the EXIF orientation, so width and height are as the photo is seen
  const { width, height } = image;
  if (!width || !height) return null;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, width, height);

  const fontSize = Math.max(10, Math.min(48, Math.round(Math.min(width, height) / 26)));
  const lineHeight = Math.round(fontSize * 1.45);
  const padding = Math.round(fontSize * 0.6);
  const bandHeight = input.lines.length * lineHeight + padding * 2;
  context.fillStyle = 'rgba(0, 0, 0, 0.5)';
  context.fillRect(0, height - bandHeight, width, bandHeight);
  context.fillStyle = '#ffffff';
  context.font = `${fontSize}px ${CANVAS_FONT}`;
  context.textBaseline = 'top';
  input.lines.forEach((line, index) => {
    context.fillText(line, padding, height - bandHeight + padding + index * lineHeight + (lineHeight - fontSize) / 2);
  });

  const encoded = input.format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 90);
  return embedStampText(Buffer.from(encoded), input.format, input.metadata);
}
