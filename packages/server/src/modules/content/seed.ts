import { CONTENT_SHARE_ADDRESS_CONFIG_KEY } from '@fieldpay/domain';
import type { DbOrTx } from '../../db/client';
import { configs } from '../../db/schema';

/** The share host of the phone preview's QR code; operators set it per environment, so never overwritten. */
export async function seedContentConfig(tx: DbOrTx): Promise<void> {
  await tx
    .insert(configs)
    .values({
      configKey: CONTENT_SHARE_ADDRESS_CONFIG_KEY,
      name: '文章/问卷分享地址',
      content: '',
      remarks: '预览二维码指向的分享域名；留空时为本控制台的地址',
    })
    .onConflictDoNothing({ target: configs.configKey });
}
