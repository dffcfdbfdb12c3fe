/**
 * What may be done to a natural person, one rule for the list's row and the account page's buttons
 * (spec 3 §4 "Natural-person login flag", §6): each action only with its permission code; 禁用 at
 * flag 0, 启用 at 1, 解除登录限制 at 2 (LOGIN_FLAG_ACTIONS); 转出 and 修改密码 only at 0; nothing at 3;
 * 转出记录 shown with its code and active only once the person was transferred; 编辑 at every flag but 3.
 */
import { LOGIN_FLAG_ACTIONS, PERSON_MSG, type PersonLoginFlag } from '@fieldpay/domain';
import { useAccess } from '../../app/use-access';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { clearLoginRestriction, setLoginFlag } from './person-calls';

export interface PersonActions {
  ban: boolean;
  enable: boolean;
  clearLoginRestriction: boolean;
  transferOut: boolean;
  changePassword: boolean;
  transferRecords: boolean;
  edit: boolean;
}

export function usePersonActions(): (loginFlag: number) => PersonActions {
  const { can } = useAccess();
  return (loginFlag) => {
    const offered = LOGIN_FLAG_ACTIONS[loginFlag as PersonLoginFlag] ?? [];
    const normal = loginFlag === 0;
    return {
      ban: offered.includes('ban') && can('personalAccountManage:list:disable'),
      enable: offered.includes('enable') && can('personalAccountManage:list:disable'),
      clearLoginRestriction: offered.includes('clearLoginRestriction') && can('personalAccountManage:info:clearLogin'),
      transferOut: normal && can('personalAccountManage:list:transferOut'),
      changePassword: normal && can('personalAccountManage:info:password'),
      transferRecords: loginFlag !== 3 && can('personalAccountManage:list:transferOutRecord'),
      edit: loginFlag !== 3 && can('personalAccountManage:info:edit'),
    };
  };
}

/** 禁用 / 启用 / 解除登录限制 after a confirm naming the person; `onDone` reloads what shows the flag. */
export function useLoginFlagActions(onDone: () => void) {
  const run = useConfirmedAction(onDone);
  return {
    ban: (person: { id: number; name: string }) =>
      run(
        `确定禁用自然人“${person.name}”吗？禁用后该自然人将无法登录APP，已登录的将被退出。`,
        () => setLoginFlag(person.id, 1),
        PERSON_MSG.banned,
      ),
    enable: (person: { id: number; name: string }) =>
      run(`确定启用自然人“${person.name}”吗？`, () => setLoginFlag(person.id, 0), PERSON_MSG.enabled),
    clearLoginRestriction: (person: { id: number; name: string }) =>
      run(
        `确定解除自然人“${person.name}”的登录限制吗？`,
        () => clearLoginRestriction(person.id),
        PERSON_MSG.loginRestrictionCleared,
      ),
  };
}
