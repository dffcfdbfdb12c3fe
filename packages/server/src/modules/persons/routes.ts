import {
  DESENSITIZATION_TOKEN_HEADER,
  MSG,
  PERSON_MATERIAL_MSG,
  PERSON_MSG,
  personAgreementsOperation,
  personChangePasswordOperation,
  personEditOperation,
  personClearLoginRestrictionOperation,
  personInfoOperation,
  personListOperation,
  personLoginFlagOperation,
  personTransferOutOperation,
  personTransferRecordsOperation,
  personWasTransferredOperation,
  PERSON_MATERIAL_ROUTE_PREFIX,
  recordIdSchema,
  WORKER_MATERIAL_BODY_LIMIT,
  workerMaterialsOperation,
  workerUploadMaterialOperation,
} from '@fieldpay/domain';
import { z } from 'zod';
import { fail } from '../../core/errors';
import { contentDisposition } from '../../http/content-disposition';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf, workerOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import {
  changeLoginFlag,
  changePersonPassword,
  editPerson,
  listPersons,
  loginActionMessage,
  loginFlagAction,
  personAgreementList,
  personInfo,
  personTransferRecords,
  personWasTransferred,
  transferPersonOut,
} from './accounts';
import { materialRef, unsafeMaterialForLink, uploadPersonMaterial, workerMaterials } from './materials';

export function registerPersonRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, personListOperation, async (query, request) =>
    listPersons(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, personInfoOperation, async (query, request) =>
    personInfo(services, principalOf(request), query, request.headers[DESENSITIZATION_TOKEN_HEADER], actorOf(request)),
  );
  registerOperation(
    app,
    personLoginFlagOperation,
    async ({ userId, loginFlag }, request) =>
      changeLoginFlag(services, principalOf(request), userId, loginFlagAction(loginFlag), actorOf(request)),
    { message: ({ loginFlag }) => loginActionMessage(loginFlagAction(loginFlag)) },
  );
  registerOperation(
    app,
    personClearLoginRestrictionOperation,
    async ({ id }, request) =>
      changeLoginFlag(services, principalOf(request), id, 'clearLoginRestriction', actorOf(request)),
    { message: loginActionMessage('clearLoginRestriction') },
  );
  registerOperation(
    app,
    personChangePasswordOperation,
    async (body, request) => changePersonPassword(services, principalOf(request), body, actorOf(request)),
    { message: PERSON_MSG.passwordChanged },
  );
  registerOperation(
    app,
    personEditOperation,
    async (body, request) => editPerson(services, principalOf(request), body, actorOf(request)),
    { message: PERSON_MSG.edited },
  );
  registerOperation(
    app,
    personTransferOutOperation,
    async (body, request) => transferPersonOut(services, principalOf(request), body, actorOf(request)),
    { message: MSG.operationSuccess },
  );
  registerOperation(app, personTransferRecordsOperation, async (query, request) =>
    personTransferRecords(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, personWasTransferredOperation, async ({ userId }, request) =>
    personWasTransferred(services.ctx.db, principalOf(request), userId),
  );
  registerOperation(app, personAgreementsOperation, async (query, request) =>
    personAgreementList(services.ctx.db, principalOf(request), query),
  );

  // 认证材料 (decision 0044): the person sends them from the app; the console reads them by signed links
  registerOperation(
    app,
    workerUploadMaterialOperation,
    async (body, request) => uploadPersonMaterial(services, workerOf(request), body),
    { bodyLimit: WORKER_MATERIAL_BODY_LIMIT, message: PERSON_MATERIAL_MSG.uploaded },
  );
  registerOperation(app, workerMaterialsOperation, async (_query, request) =>
    workerMaterials(services.ctx.db, workerOf(request)),
  );

  // streams a material: one of the documented hand-registered routes (http/operation.ts)
  app.get(
    `${PERSON_MATERIAL_ROUTE_PREFIX}/:tenantId/:id`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['自然人'],
        summary: '自然人认证材料：仅凭签名链接（账户信息给出；身份证、人脸与视频仅在脱敏查看时给出）',
        params: z.object({ tenantId: z.coerce.number().int().min(0).max(2_147_483_647), id: recordIdSchema() }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          disposition: z.enum(['inline', 'attachment']).default('inline'),
          sign: z.string().regex(/^[0-9a-f]{64}$/),
        }),
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params;
      const { sign, expires, disposition } = request.query;
      const row = await unsafeMaterialForLink(services, tenantId, id);
      // the same answer for a forged link and for a material that is not there: no probing
      if (!row) throw fail.forbidden();
      const check = services.files.checkLink(materialRef(row), { expires, disposition, sign });
      if (check === 'forged') throw fail.forbidden();
      if (check === 'expired') throw fail.forbidden(MSG.fileLinkExpired);
      let stream: Awaited<ReturnType<typeof services.files.storage.openRead>>;
      try {
        stream = await services.files.storage.openRead(row.storageKey);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fail.notFound(MSG.fileMissing);
        throw error;
      }
      return reply
        .header('content-type', MATERIAL_CONTENT_TYPES[row.extension] ?? 'application/octet-stream')
        .header('content-length', String(row.fileSize))
        .header('content-disposition', contentDisposition(disposition, row.fileName))
        .header('cache-control', 'private, max-age=300')
        .send(stream);
    },
  );
}

const MATERIAL_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};
