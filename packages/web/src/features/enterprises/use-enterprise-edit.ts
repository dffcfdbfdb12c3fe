/**
 * Who edits 企业信息 and how (spec 3 §4 "Enterprise page editing"): the platform's own staff
 * (userIdentity 2) holding the edit's code (registration details enterpriseAccountManage:info:modify,
 * settlement info …:modifyAccount); masked details only in the desensitized view: while masked, such an
 * edit answers 请先脱敏之后再进行编辑.
 */
import { type EnterpriseInfo, MSG, type PermissionCode } from '@fieldpay/domain';
import { createContext, useContext } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useUnmaskToken } from '../../app/unmask-store';

/**
 * Whether 企业信息 is the full page (comeForm 1) or embedded in another screen, where it is read only
 * (spec 3 §2, §4: the sections are editable in full-page mode only).
 */
export const EnterpriseFullPage = createContext(true);

export function useEnterpriseEdit(
  info: Pick<EnterpriseInfo, 'unmasked'>,
  code: PermissionCode = 'enterpriseAccountManage:info:modify',
) {
  const { can } = useAccess();
  const tenantStaff = useSession((state) => state.side === 'platform' && state.userInfo?.userIdentity === 2);
  const fullPage = useContext(EnterpriseFullPage);
  return {
    canEdit: fullPage && tenantStaff && can(code),
    /** runs `open` in the desensitized view, else says to unmask first */
    unlessMasked: (open: () => void) => () => {
      if (info.unmasked) open();
      else notifier().warning(MSG.editWhileMasked);
    },
  };
}

/** The caller's live desensitization token while it holds 企业脱敏查看 (the desensitized view), else undefined. */
export function useEnterpriseUnmaskToken(): string | undefined {
  const unmask = useUnmaskToken();
  const { can } = useAccess();
  return can('enterpriseAccountManage:info:desensitization') ? unmask?.token : undefined;
}
