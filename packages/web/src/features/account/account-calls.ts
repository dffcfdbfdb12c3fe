/** The account screen's call: the password change. */
import { http } from '../../app/api-client';

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await http.post('/enterprise/v2/changePassword', body);
}
