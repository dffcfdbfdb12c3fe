import type { UploadFields, UploadTarget } from '@fieldpay/domain';
import type { Principal } from '../platform/auth/sessions';
import type { Services } from '../services';
import { DEMO_IP } from './demo';

/**
 * A file on disk uploaded by `who` through the upload call's own checks (type by content, size, the
 * count per record), as the demo's users upload from the console. The caller runs it in `who`'s scope.
 */
export const uploadAs = (
  services: Services,
  who: Principal,
  localPath: string,
  fileName: string,
  fields: UploadFields,
  target: UploadTarget = 'upload',
) =>
  services.files.receiveLocal(localPath, fileName, {
    principal: who,
    ip: DEMO_IP,
    target,
    maxFilesPerRequest: 1,
    visibility: 'tenant',
    watermark: false,
    fields,
  });
