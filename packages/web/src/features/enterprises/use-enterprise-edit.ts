/**
 * Who edits 企业信息's registration details and how (spec 3 §4 "Enterprise page editing"): the platform's
 * own staff (userIdentity 2) holding enterpriseAccountManage:info:modify, and only in the desensitized view:
 * while masked, an edit answers 请先脱敏之后再进行编辑.
 */
import { type EnterpriseInfo, MSG } from '@fieldpay/domain';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';

export function useEnterpriseEdit(info: Pick<EnterpriseInfo, 'unmasked'>) {
  const { can } = useAccess();
  const tenantStaff = useSession((state) => state.side === 'platform' && state.userInfo?.userIdentity === 2);
  return {
    canEdit: tenantStaff && can('enterpriseAccountManage:info:modify'),
    /** runs `open` in the desensitized view, else says to unmask first */
    unlessMasked: (open: () => void) => () => {
      if (info.unmasked) open();
      else notifier().warning(MSG.editWhileMasked);
    },
  };
}
