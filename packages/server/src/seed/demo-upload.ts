import type { UploadFields, UploadTarget } from '@fieldpay/domain';
import type { Principal } from '../platform/auth/sessions';
import type { Services } from '../services';
import { DEMO_IP } from './demo';

/**
 * A file (its bytes, or a path on disk) uploaded by `who` through the upload call's own checks (type by
 * content, size, the count per record), as the demo's users upload from the console. The caller runs it
 * in `who`'s scope.
 */
export function uploadAs(
  services: Services,
  who: Principal,
  source: Uint8Array | string,
  fileName: string,
  fields: UploadFields,
  target: UploadTarget = 'upload',
) {
  const options = {
    principal: who,
    ip: DEMO_IP,
    target,
    maxFilesPerRequest: 1,
    visibility: 'tenant' as const,
    watermark: false,
    fields,
  };
  return typeof source === 'string'
    ? services.files.receiveLocal(source, fileName, options)
    : services.files.receiveBytes(source, fileName, options);
}
