import { MSG } from '@fieldpay/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { findByRemarks } from './menu';
import { waitForMenu } from './menu-loader';
import { notifier } from './notify';

/**
 * Jump to a page by its menu remark key (spec 1 §2); when the menu lacks it the user reads
 * 暂无页面权限，请联系管理员. Answers whether it navigated.
 */
export function useJumpByRemark(): (remarks: string, search?: string) => Promise<boolean> {
  const navigate = useNavigate();
  return useCallback(
    async (remarks, search = '') => {
      const menu = await waitForMenu();
      const hit = menu ? findByRemarks(menu, remarks) : null;
      if (!hit) {
        notifier().warning(MSG.noPagePermission);
        return false;
      }
      navigate(`${hit.item.url}${search}`);
      return true;
    },
    [navigate],
  );
}
