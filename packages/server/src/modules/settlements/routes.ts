import {
  applySettlementListOperation,
  auditSettlementOperation,
  auditSettlementPageOperation,
  confirmSettlementDetailListOperation,
  confirmSettlementOperation,
  createSettlementOperation,
  enterpriseBriefOperation,
  maxSelectTimeOperation,
  parentProjectTypesOperation,
  personSettlementPageOperation,
  reissueInfoOperation,
  reissueOperation,
  SETTLEMENT_MSG,
  settleableTasksOperation,
  settlementDetailOperation,
  settlementPageOperation,
  settlementProcessOperation,
  settlementRecordsOperation,
  settlementTimelineOperation,
  taxLimitProgressOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { createSettlement, settleableSummary } from './create';
import { registerAttachmentZipRoute } from './attachment-zip';
import { registerSettlementDocumentRoutes } from './documents';
import { registerFeeRoutes } from './fees';
import { registerSettlementReportRoutes } from './report';
import { enterpriseBrief, maxSelectTime, parentProjectTypes } from './lookups';
import { auditSettlement, paySettlement } from './moves';
import { reissueLine } from './payouts';
import {
  listApplySettlements,
  listAuditQueue,
  listPersonSettlements,
  listSettlementRecords,
  listSettlements,
  reissueInfo,
  settlementDetail,
  settlementLinesOf,
  settlementProcess,
  settlementLineOf,
  settlementTimeline,
  taxLimitProgress,
} from './queries';

export function registerSettlementRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  const db = () => services.ctx.db;
  registerFeeRoutes(deps);
  registerOperation(app, settlementPageOperation, async (query, request) =>
    listSettlements(db(), principalOf(request), query),
  );
  registerOperation(app, applySettlementListOperation, async (query, request) =>
    listApplySettlements(db(), principalOf(request), query),
  );
  registerOperation(app, auditSettlementPageOperation, async (query, request) =>
    listAuditQueue(db(), principalOf(request), query),
  );
  registerOperation(app, settlementDetailOperation, async (query, request) =>
    settlementDetail(db(), principalOf(request), query),
  );
  registerOperation(app, confirmSettlementDetailListOperation, async (query, request) =>
    settlementLinesOf(db(), principalOf(request), query.settlementId),
  );
  registerOperation(app, settleableTasksOperation, async (query, request) =>
    settleableSummary(db(), principalOf(request), query),
  );
  registerOperation(
    app,
    createSettlementOperation,
    async (body, request) => createSettlement(db(), principalOf(request), body, actorOf(request)),
    { message: SETTLEMENT_MSG.created },
  );
  registerOperation(
    app,
    auditSettlementOperation,
    async (body, request) => auditSettlement(services, principalOf(request), body, actorOf(request)),
    {
      message: (record) =>
        record.auditStatus === -1
          ? SETTLEMENT_MSG.withdrawn
          : record.auditStatus === 2
            ? SETTLEMENT_MSG.approved
            : SETTLEMENT_MSG.refused,
    },
  );
  registerOperation(
    app,
    confirmSettlementOperation,
    async (body, request) => paySettlement(services, principalOf(request), body, actorOf(request)),
    {
      // a payment is guarded by its single-use key, SMS code and the password throttle; the
      // limit only turns a flood away before it reaches them
      rateLimit: { max: 300, timeWindow: '1 minute' },
      message: (answer) => (answer.repeated ? SETTLEMENT_MSG.repeatedPay : SETTLEMENT_MSG.paid),
    },
  );
  registerOperation(app, settlementRecordsOperation, async (query, request) =>
    listSettlementRecords(db(), principalOf(request), query),
  );
  registerOperation(app, settlementProcessOperation, async (query, request) =>
    settlementProcess(db(), principalOf(request), query.settlementDetailId, query.bankNo),
  );
  registerOperation(app, reissueInfoOperation, async (query, request) =>
    reissueInfo(db(), principalOf(request), query.settlementDetailId),
  );
  registerOperation(
    app,
    reissueOperation,
    async (body, request) => {
      const principal = principalOf(request);
      await reissueLine(services, principal, body.id, actorOf(request));
      return settlementLineOf(db(), principal, body.id);
    },
    { message: SETTLEMENT_MSG.reissued },
  );
  registerOperation(app, settlementTimelineOperation, async (query, request) =>
    settlementTimeline(db(), principalOf(request), query.settlementId),
  );
  registerOperation(app, personSettlementPageOperation, async (query, request) =>
    listPersonSettlements(db(), principalOf(request), query),
  );
  registerOperation(app, taxLimitProgressOperation, async (query, request) =>
    taxLimitProgress(db(), principalOf(request), query),
  );
  registerOperation(app, maxSelectTimeOperation, async (query, request) =>
    maxSelectTime(db(), principalOf(request), query),
  );
  registerOperation(app, enterpriseBriefOperation, async (query, request) =>
    enterpriseBrief(db(), principalOf(request), query),
  );
  registerOperation(app, parentProjectTypesOperation, async (query, request) =>
    parentProjectTypes(db(), principalOf(request), query),
  );
  registerSettlementDocumentRoutes(deps);
  registerAttachmentZipRoute(deps);
  registerSettlementReportRoutes(deps);
}
