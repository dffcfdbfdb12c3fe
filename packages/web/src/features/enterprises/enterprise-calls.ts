/** The enterprise info view's call and address (decision 0027). */
import { type EnterpriseInfo, enterpriseInfoOperation } from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const ENTERPRISE_INFO_PATH = '/projectManage/project/enterpriseInfo';

export const enterpriseInfoPath = (id: number, tenantId?: number) =>
  `${ENTERPRISE_INFO_PATH}?id=${id}${tenantId === undefined ? '' : `&tenantId=${tenantId}`}`;

export const enterpriseInfoKey = (id: number, tenantId?: number) => ['enterprise', 'info', id, tenantId] as const;

export const fetchEnterpriseInfo = (id: number, tenantId?: number): Promise<EnterpriseInfo> =>
  call(enterpriseInfoOperation, { id, ...(tenantId === undefined ? {} : { tenantId }) });
