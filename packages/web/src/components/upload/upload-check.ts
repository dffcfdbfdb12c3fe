/** The content half of the upload rule on the client: the first bytes must fit the extension. */
import { contentRejection, SIGNATURE_HEAD_BYTES, type UploadPolicy } from '@fieldpay/domain';

/** The first bytes of a file (FileReader, which every browser and jsdom have). */
export function readHead(file: Blob, length: number = SIGNATURE_HEAD_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** The policy's wrong-type message when the content is not what the name says, else null. */
export async function contentCheck(file: File, policy: UploadPolicy): Promise<string | null> {
  return contentRejection(file.name, await readHead(file), policy);
}
