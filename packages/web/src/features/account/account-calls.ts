/** The account screen's call: the password change. */
import { type ChangePasswordBody, changePasswordOperation, platformChangePasswordOperation } from '@fieldpay/domain';
import { call } from '../../app/api-client';
import { useSession } from '../../app/session-store';

export type { ChangePasswordBody };

/** The signed-in side's own password change. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const operation =
    useSession.getState().side === 'platform' ? platformChangePasswordOperation : changePasswordOperation;
  await call(operation, body);
}
