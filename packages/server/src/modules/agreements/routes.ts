import {
  agreementFilesOperation,
  agreementTemplateContentOperation,
  agreementTemplateGetOperation,
  agreementTemplateListOperation,
  agreementTemplateSaveOperation,
  cancelSignOperation,
  deleteAgreementOperation,
  ENTERPRISE_AGREEMENT_PDF_PATH,
  endAgreementOperation,
  enterpriseAgreementDetailOperation,
  enterpriseAgreementListOperation,
  enterpriseAgreementPdfQuerySchema,
  enterpriseAgreementSaveOperation,
  MSG,
  previewAddressOperation,
  signAddressOperation,
  signingRecordsOperation,
  withdrawAgreementOperation,
  PERSONAL_CONTRACT_FILE_PATH,
  personalAgreementListOperation,
  personalContractAddressOperation,
  personalContractFileQuerySchema,
} from '@fieldpay/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { completeSigning, SIGN_PAGE_PATH, signAddress, signingPage } from './signing';
import { getTemplate, listTemplates, saveTemplate, templateContent } from './templates';

const signPageParamsSchema = z.object({ token: z.string().regex(/^[\w-]{20,64}$/) });
const signPageBodySchema = z.object({ action: z.enum(['sign', 'refuse']) });
import {
  agreementDetail,
  agreementFiles,
  agreementPdf,
  changeAgreement,
  listEnterpriseAgreements,
  listSigningRecords,
  previewAddress,
  saveEnterpriseAgreement,
} from './enterprise';
import { listPersonalAgreements, personalContractAddress, personalContractPdf } from './personal';

/** The personal agreement calls; the contract PDF streams a file, a documented hand-registered route. */
export function registerAgreementRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  const db = () => services.ctx.db;
  registerEnterpriseAgreementRoutes(deps);
  registerTemplateRoutes(deps);
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

/** 协议模板 (decision 0041). */
function registerTemplateRoutes({ app, services }: RouteDeps): void {
  const db = () => services.ctx.db;
  registerOperation(app, agreementTemplateListOperation, (query, request) =>
    listTemplates(db(), principalOf(request), query),
  );
  registerOperation(app, agreementTemplateGetOperation, (query, request) =>
    getTemplate(db(), principalOf(request), query.id),
  );
  registerOperation(app, agreementTemplateContentOperation, (query, request) =>
    templateContent(db(), principalOf(request), query.id),
  );
  registerOperation(
    app,
    agreementTemplateSaveOperation,
    (input, request) => saveTemplate(services, principalOf(request), input, actorOf(request)),
    { message: MSG.saveSuccess },
  );
}

/** 企业协议 (decision 0040): the declared calls, the online agreement's PDF and the signing page. */
export function registerEnterpriseAgreementRoutes({ app, services }: RouteDeps): void {
  const db = () => services.ctx.db;
  registerOperation(app, enterpriseAgreementListOperation, (query, request) =>
    listEnterpriseAgreements(db(), principalOf(request), query),
  );
  registerOperation(app, signingRecordsOperation, (query, request) =>
    listSigningRecords(db(), principalOf(request), query),
  );
  registerOperation(app, enterpriseAgreementDetailOperation, (query, request) =>
    agreementDetail(db(), principalOf(request), query.id),
  );
  registerOperation(
    app,
    enterpriseAgreementSaveOperation,
    (input, request) => saveEnterpriseAgreement(services, principalOf(request), input, actorOf(request)),
    { message: MSG.saveSuccess },
  );
  registerOperation(app, signAddressOperation, (input, request) =>
    signAddress(db(), principalOf(request), input.agreementId, actorOf(request)),
  );
  registerOperation(app, previewAddressOperation, (query, request) =>
    previewAddress(db(), principalOf(request), query.contractSn),
  );
  registerOperation(app, agreementFilesOperation, (query, request) =>
    agreementFiles(services, principalOf(request), query.id),
  );
  const actions = [
    [deleteAgreementOperation, 'delete', MSG.deleteSuccess],
    [withdrawAgreementOperation, 'withdraw', MSG.operationSuccess],
    [cancelSignOperation, 'cancel', MSG.operationSuccess],
    [endAgreementOperation, 'end', MSG.operationSuccess],
  ] as const;
  for (const [operation, action, message] of actions) {
    registerOperation(
      app,
      operation,
      (input, request) => changeAgreement(services, principalOf(request), input.id, action, actorOf(request)),
      { message },
    );
  }
  app.get(
    ENTERPRISE_AGREEMENT_PDF_PATH,
    {
      config: { access: { permission: 'enterpriseAgreement:list:download' } },
      schema: {
        tags: ['企业协议'],
        summary: '线上企业协议（PDF；disposition=inline 在线查看）',
        querystring: enterpriseAgreementPdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, disposition } = request.query as z.output<typeof enterpriseAgreementPdfQuerySchema>;
      const { bytes, fileName } = await agreementPdf(db(), principalOf(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(disposition ?? 'attachment', fileName, 'agreement.pdf'))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
  // the signing page posts a plain form: parsed here only, for these two routes
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // answered by returning the page: the request's transaction commits before the answer leaves
    const sendPage = (reply: FastifyReply, html: string) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return html;
    };
    scope.get(
      SIGN_PAGE_PATH,
      {
        config: { access: 'public' },
        schema: { tags: ['企业协议'], summary: '线上协议签署页（一次性签署地址）', params: signPageParamsSchema },
      },
      async (request, reply) => sendPage(reply, await signingPage((request.params as { token: string }).token)),
    );
    scope.post(
      SIGN_PAGE_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['企业协议'],
          summary: '确认签署或拒绝签署（表单提交）',
          params: signPageParamsSchema,
          body: signPageBodySchema,
        },
      },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const { action } = request.body as z.output<typeof signPageBodySchema>;
        return sendPage(reply, await completeSigning(token, action, request.ip));
      },
    );
  });
}
