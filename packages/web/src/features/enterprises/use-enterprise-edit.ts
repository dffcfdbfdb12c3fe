/**
 * Who edits 企业信息 and how (spec 3 §4 "Enterprise page editing"): on the full page the platform's own
 * staff (userIdentity 2) holding the edit's code; on the enterprise's own 账户信息 (decision 0043) the
 * enterprise, its authentication and bank cards only, with the enterprise side's codes; embedded in
 * another screen nobody. Masked details only in the desensitized view: while masked, such an edit answers
 * 请先脱敏之后再进行编辑.
 */
import { type EnterpriseInfo, MSG, type PermissionCode } from '@fieldpay/domain';
import { createContext, useContext } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useUnmaskToken } from '../../app/unmask-store';

/**
 * Where 企业信息 is shown: the full page (comeForm 1), embedded in another screen (read only, spec 3 §2,
 * §4), or the enterprise's own 账户信息.
 */
export type EnterpriseView = 'full' | 'embedded' | 'own';
export const EnterpriseViewContext = createContext<EnterpriseView>('full');

/** Each edit with the code it needs of the platform's staff, and of the enterprise itself where it may. */
const EDIT_CODES = {
  /** 修改认证信息 */
  auth: { platform: 'enterpriseAccountManage:info:modify', own: 'enterpriseAccount:info:modify' },
  /** 编辑标签, 修改联系电话, 企业风险 */
  registration: { platform: 'enterpriseAccountManage:info:modify' },
  /** 结算账户: the bank cards */
  bankCards: {
    platform: 'enterpriseAccountManage:info:modifyAccount',
    own: 'enterpriseAccount:info:modifyAccount',
  },
  /** 服务费变更 */
  fee: { platform: 'enterpriseAccountManage:info:modifyAccount' },
  /** 开通付款账户 (decision 0047) */
  payAccounts: { platform: 'enterpriseAccountManage:info:modifyAccount' },
  /** 协议凭证's upload */
  agreements: { platform: 'enterpriseAgreement:list:add' },
} satisfies Record<string, { platform: PermissionCode; own?: PermissionCode }>;

export type EnterpriseEdit = keyof typeof EDIT_CODES;

export function useEnterpriseEdit(info: Pick<EnterpriseInfo, 'unmasked'>, edit: EnterpriseEdit) {
  const { can } = useAccess();
  const tenantStaff = useSession((state) => state.side === 'platform' && state.userInfo?.userIdentity === 2);
  const view = useContext(EnterpriseViewContext);
  const codes: { platform: PermissionCode; own?: PermissionCode } = EDIT_CODES[edit];
  const canEdit =
    view === 'full' ? tenantStaff && can(codes.platform) : view === 'own' && codes.own !== undefined && can(codes.own);
  return {
    canEdit,
    /** the enterprise's own page: its calls are the own twins (decision 0043) */
    own: view === 'own',
    /** runs `open` in the desensitized view, else says to unmask first */
    unlessMasked: (open: () => void) => () => {
      if (info.unmasked) open();
      else notifier().warning(MSG.editWhileMasked);
    },
  };
}

/** The codes of the desensitized view: the platform's staff's 企业脱敏查看, the enterprise's 本企业脱敏查看. */
const UNMASK_CODES = [
  'enterpriseAccountManage:info:desensitization',
  'enterpriseAccount:info:desensitization',
] as const;

/** Whether the caller may open the desensitized view of 企业信息. */
export function useCanUnmaskEnterprise(): boolean {
  const { can } = useAccess();
  return UNMASK_CODES.some((code) => can(code));
}

/** The caller's live desensitization token while it may use the desensitized view, else undefined. */
export function useEnterpriseUnmaskToken(): string | undefined {
  const unmask = useUnmaskToken();
  return useCanUnmaskEnterprise() ? unmask?.token : undefined;
}
