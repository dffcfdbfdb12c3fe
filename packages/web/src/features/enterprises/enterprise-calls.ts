/** The enterprise info view's calls and address (decision 0027). */
import { type EnterpriseInfo, enterpriseInfoOperation, enterpriseStatusOperation } from '@fieldpay/domain';
import { call } from '../../app/api-client';

export const ENTERPRISE_INFO_PATH = '/projectManage/project/enterpriseInfo';

export const enterpriseInfoPath = (id: number, tenantId?: number) =>
  `${ENTERPRISE_INFO_PATH}?id=${id}${tenantId === undefined ? '' : `&tenantId=${tenantId}`}`;

export const enterpriseInfoKey = (id: number, tenantId?: number) => ['enterprise', 'info', id, tenantId] as const;

export const fetchEnterpriseInfo = (id: number, tenantId?: number): Promise<EnterpriseInfo> =>
  call(enterpriseInfoOperation, { id, ...(tenantId === undefined ? {} : { tenantId }) });

/** 禁用 (2) / 启用 (1) the enterprise. */
export const setEnterpriseStatus = (info: Pick<EnterpriseInfo, 'id' | 'tenantId'>, status: 1 | 2) =>
  call(enterpriseStatusOperation, { enterpriseId: info.id, tenantId: info.tenantId, status });
