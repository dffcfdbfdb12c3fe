import fs from 'node:fs';

/**
 * Names of the entries of a zip file, read from its central directory only: nothing is unpacked
 * (an archive is stored as it came). Used to tell docx, xlsx, ofd and apk from a plain zip.
 */

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_MIN_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const CENTRAL_ENTRY_FIXED = 46;
/** a central directory larger than this is not a document or an app package */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

interface Directory {
  offset: number;
  size: number;
}

async function locateDirectory(handle: fs.promises.FileHandle, fileSize: number): Promise<Directory | null> {
  const tailLength = Math.min(fileSize, EOCD_MIN_SIZE + MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  for (let index = tail.length - EOCD_MIN_SIZE; index >= 0; index--) {
    if (tail.readUInt32LE(index) !== EOCD_SIGNATURE) continue;
    let size = tail.readUInt32LE(index + 12);
    let offset = tail.readUInt32LE(index + 16);
    if (offset === 0xffffffff || size === 0xffffffff) {
      // ZIP64: the locator sits right before the classic record
      if (index < 20 || tail.readUInt32LE(index - 20) !== ZIP64_LOCATOR_SIGNATURE) return null;
      const recordOffset = Number(tail.readBigUInt64LE(index - 20 + 8));
      const record = await readAt(handle, recordOffset, 56);
      if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) return null;
      size = Number(record.readBigUInt64LE(40));
      offset = Number(record.readBigUInt64LE(48));
    }
    if (offset + size > fileSize || size > MAX_DIRECTORY_BYTES) return null;
    return { offset, size };
  }
  return null;
}

/** The entry names, or null when the file is no readable zip. */
export async function zipEntryNames(filePath: string): Promise<string[] | null> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    if (fileSize < EOCD_MIN_SIZE) return null;
    const directory = await locateDirectory(handle, fileSize);
    if (!directory) return null;
    const bytes = await readAt(handle, directory.offset, directory.size);
    const names: string[] = [];
    let position = 0;
    while (position + CENTRAL_ENTRY_FIXED <= bytes.length) {
      if (bytes.readUInt32LE(position) !== CENTRAL_ENTRY_SIGNATURE) return null;
      const nameLength = bytes.readUInt16LE(position + 28);
      const extraLength = bytes.readUInt16LE(position + 30);
      const commentLength = bytes.readUInt16LE(position + 32);
      const nameStart = position + CENTRAL_ENTRY_FIXED;
      if (nameStart + nameLength > bytes.length) return null;
      names.push(bytes.toString('utf8', nameStart, nameStart + nameLength));
      position = nameStart + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
