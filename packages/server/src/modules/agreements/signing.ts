/**
 * The e-sign step of an online enterprise agreement (decision 0040). The console asks for a sign
 * address; the signer opens it in a new window, where the built-in signing page (standing in for an
 * e-sign service: the same one-time address, the same completion) shows the agreement and seals it
 * or refuses it. The address's random token is the only credential the window has, so it is stored
 * hashed, valid 30 minutes, used once, and revoked when the agreement changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AGREEMENT_MARK_LABEL, ENTERPRISE_AGREEMENT_MSG } from '@fieldpay/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { unsafeAcrossTenants } from '../../db/scope';
import { enterpriseAgreementSignLinks, enterpriseAgreements, enterprises, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDateTime } from '../../platform/china-time';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { agreementScope, effectiveStatusSql } from './enterprise-scope';

export const SIGN_PAGE_PATH = '/api/esign/sign/:token';
export const SIGN_LINK_TTL_MS = 30 * 60_000;

type Party = 'platform' | 'enterprise';

/** Who signs at which status: the platform at 4 签署中, then the enterprise at 3 待签署. */
const SIGNS = { platform: { at: 4, next: 3 }, enterprise: { at: 3, next: 2 } } as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function revokeSignLinks(db: DbOrTx, agreementId: number): Promise<void> {
  await db
    .update(enterpriseAgreementSignLinks)
    .set({ expiresAt: new Date(0) })
    .where(and(eq(enterpriseAgreementSignLinks.agreementId, agreementId), isNull(enterpriseAgreementSignLinks.usedAt)));
}

/** 获取签署地址: a new one-time address for the caller's party, when it is that party's turn. */
export async function signAddress(
  db: DbOrTx,
  principal: Principal,
  agreementId: number,
  actor: AuditActor,
): Promise<{ signAddress: string }> {
  const party: Party = principal.side === 'enterprise' ? 'enterprise' : 'platform';
  const [found] = await db
    .select({
      id: enterpriseAgreements.id,
      tenantId: enterpriseAgreements.tenantId,
      type: enterpriseAgreements.agreementType,
      status: effectiveStatusSql,
    })
    .from(enterpriseAgreements)
    .where(and(eq(enterpriseAgreements.id, agreementId), agreementScope(principal)))
    .for('update');
  if (!found) throw fail.notFound(ENTERPRISE_AGREEMENT_MSG.notFound);
  if (found.type !== 1 || found.status !== SIGNS[party].at) throw fail.rule(ENTERPRISE_AGREEMENT_MSG.notSignable);
  await revokeSignLinks(db, found.id);
  const token = randomBytes(32).toString('base64url');
  await db.insert(enterpriseAgreementSignLinks).values({
    tenantId: found.tenantId,
    agreementId: found.id,
    party,
    tokenHash: hashOf(token),
    signerId: principal.userId,
    signerName: principal.realname.slice(0, 50),
    expiresAt: new Date(Date.now() + SIGN_LINK_TTL_MS),
  });
  await writeAudit(db, actor, {
    action: 'enterpriseAgreement.signAddress',
    targetType: 'enterpriseAgreement',
    targetId: found.id,
    after: { party },
  });
  return { signAddress: SIGN_PAGE_PATH.replace(':token', token) };
}

/** The link a token names, with its agreement, while it may still be used. */
async function openLink(db: DbOrTx, token: string, lock: boolean) {
  const query = db
    .select({
      link: enterpriseAgreementSignLinks,
      agreement: enterpriseAgreements,
      status: effectiveStatusSql,
      enterpriseName: enterprises.name,
      tenantName: tenants.name,
    })
    .from(enterpriseAgreementSignLinks)
    .innerJoin(enterpriseAgreements, eq(enterpriseAgreements.id, enterpriseAgreementSignLinks.agreementId))
    .innerJoin(enterprises, eq(enterprises.id, enterpriseAgreements.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, enterpriseAgreements.tenantId))
    .where(eq(enterpriseAgreementSignLinks.tokenHash, hashOf(token)));
  const [found] = lock
    ? await query.for('update', { of: [enterpriseAgreementSignLinks, enterpriseAgreements] })
    : await query;
  const party = found?.link.party as Party | undefined;
  const usable =
    found &&
    party &&
    !found.link.usedAt &&
    found.link.expiresAt.getTime() > Date.now() &&
    found.status === SIGNS[party].at;
  return usable ? { ...found, party } : null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;background:#f5f5f5;font:14px/1.7 -apple-system,"PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;color:#262626}
main{max-width:820px;margin:24px auto;background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;text-align:center;margin:0 0 4px}.meta{text-align:center;color:#8c8c8c;margin-bottom:24px}
.agreement-mark{display:inline-block;padding:0 8px;margin:0 2px;border-radius:4px;font-size:13px}
.agreement-mark-seal{color:#cf1322;border:1px solid #cf1322}.agreement-mark-seal.mine{background:#fff1f0;font-weight:600}
.actions{display:flex;gap:12px;justify-content:center;margin-top:32px}
button{font:inherit;padding:6px 24px;border-radius:6px;border:1px solid #d9d9d9;background:#fff;cursor:pointer}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}.result{text-align:center;padding:48px 0}
.result h1{margin-bottom:12px}.hint{color:#8c8c8c;text-align:center}
</style></head><body><main>${body}</main></body></html>`;
}

/** The signing page: the agreement, the party's seal marked, 签署 and 拒绝签署. */
export async function signingPage(token: string): Promise<string> {
  const found = await unsafeAcrossTenants('esign: the agreement a one-time sign link names', (db) =>
    openLink(db, token, false),
  );
  if (!found)
    return page(
      '签署链接已失效',
      `<div class="result"><h1>签署链接已失效</h1><p class="hint">${ENTERPRISE_AGREEMENT_MSG.signLinkInvalid}</p></div>`,
    );
  const { agreement, party } = found;
  const signer = party === 'platform' ? found.tenantName : found.enterpriseName;
  const mine = party === 'platform' ? 'platform-seal' : 'enterprise-seal';
  const content = agreement.content.replaceAll(
    `data-type="${mine}" class="agreement-mark agreement-mark-seal"`,
    `data-type="${mine}" class="agreement-mark agreement-mark-seal mine"`,
  );
  return page(
    agreement.agreementName,
    `<h1>${escapeHtml(agreement.agreementName)}</h1>
<div class="meta">协议编号：${escapeHtml(agreement.orderNo)} · 协议期限：${agreement.startDate} 至 ${agreement.endDate}</div>
<article>${content}</article>
<p class="hint">签署方：${escapeHtml(signer)}（${AGREEMENT_MARK_LABEL[mine]}） · 经办人：${escapeHtml(found.link.signerName)}</p>
<form method="post" class="actions">
<button type="submit" name="action" value="refuse">拒绝签署</button>
<button type="submit" name="action" value="sign" class="primary">确认签署</button>
</form>`,
  );
}

/** The signer's answer: sealed (the next party's turn, or in force) or refused (签署失败). */
export async function completeSigning(
  token: string,
  action: 'sign' | 'refuse',
  ip: string,
  /** when the signer answers (the demo's history; a request: now) */
  now = new Date(),
): Promise<string> {
  const outcome = await unsafeAcrossTenants('esign: a one-time sign link completes its agreement', async (db) => {
    const found = await openLink(db, token, true);
    if (!found) return null;
    const { agreement, party, link } = found;
    const signed = action === 'sign';
    await db
      .update(enterpriseAgreementSignLinks)
      .set({ usedAt: now })
      .where(eq(enterpriseAgreementSignLinks.id, link.id));
    await db
      .update(enterpriseAgreements)
      .set({
        status: signed ? SIGNS[party].next : 1,
        updatedAt: now,
        ...(signed ? (party === 'platform' ? { platformSignedAt: now } : { enterpriseSignedAt: now }) : {}),
      })
      .where(eq(enterpriseAgreements.id, agreement.id));
    await writeAudit(
      db,
      { userId: link.signerId, name: link.signerName, side: party, tenantId: agreement.tenantId, ip },
      {
        action: `enterpriseAgreement.${signed ? 'sign' : 'refuse'}`,
        targetType: 'enterpriseAgreement',
        targetId: agreement.id,
        after: { party },
      },
    );
    return { name: agreement.agreementName, signed, at: chinaDateTime(now) };
  });
  if (!outcome) return signingPage(token);
  const title = outcome.signed ? '签署成功' : '已拒绝签署';
  return page(
    title,
    `<div class="result"><h1>${title}</h1><p>${escapeHtml(outcome.name)}</p><p class="hint">${outcome.at}（北京时间）· 可关闭此页面，控制台列表将自动刷新</p></div>`,
  );
}
