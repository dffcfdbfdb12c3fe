import {
  PERSONAL_CONTRACT_FILE_PATH,
  personalAgreementListOperation,
  personalContractAddressOperation,
  personalContractFileQuerySchema,
} from '@fieldpay/domain';
import type { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { listPersonalAgreements, personalContractAddress, personalContractPdf } from './personal';

/** The personal agreement calls; the contract PDF streams a file, a documented hand-registered route. */
export function registerAgreementRoutes({ app, services }: RouteDeps): void {
  const db = () => services.ctx.db;
  registerOperation(app, personalAgreementListOperation, async (query, request) =>
    listPersonalAgreements(db(), principalOf(request), query),
  );
  registerOperation(app, personalContractAddressOperation, async (query, request) =>
    personalContractAddress(db(), principalOf(request), query),
  );
  app.get(
    PERSONAL_CONTRACT_FILE_PATH,
    {
      config: { access: { permission: 'personalAgreement:list:download' } },
      schema: {
        tags: ['个人协议'],
        summary: '已签署合同（PDF；disposition=inline 在线查看；未签署时 404 无签署合同）',
        querystring: personalContractFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { disposition, ...query } = request.query as z.output<typeof personalContractFileQuerySchema>;
      const { bytes, fileName } = await personalContractPdf(db(), principalOf(request), query);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(disposition ?? 'attachment', fileName, 'contract.pdf'))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
