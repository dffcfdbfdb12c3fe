/**
 * 企业协议 demo (decision 0040): the demo company's agreements with each of its platforms, made as the
 * platform's staff and the company would make them, through the services and the signing pages: an
 * offline one that ran its term out, one in force and one ended early, an online one signed by both
 * and in force, one awaiting the company's signature (the README account can sign it), one awaiting
 * the platform's, one withdrawn, one refused, and an offline draft that starts next month.
 */
import {
  AGREEMENT_MARK,
  AGREEMENT_MARK_LABEL,
  enterpriseAgreementSaveInputSchema,
  formatChinaDate,
  TEMPLATE_VARIABLES,
  type TemplateVariableKey,
  templateSaveInputSchema,
} from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { enterprises, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { addressOf } from '../../platform/files/links';
import type { DemoStep } from '../../platform/modules';
import { renderPdf } from '../../platform/pdf';
import { auditActorOf } from '../../platform/system/audit';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import { DEMO_IP } from '../../seed/demo';
import { clerkOf } from '../settlements/demo';
import { uploadAs } from '../../seed/demo-upload';
import { type AgreementAction, changeAgreement, saveEnterpriseAgreement } from './enterprise';
import { completeSigning, signAddress } from './signing';
import { saveTemplate } from './templates';

const DAY_MS = 86_400_000;
const seal = (type: 'platform-seal' | 'enterprise-seal') =>
  `<span data-type="${type}" class="agreement-mark agreement-mark-seal">${AGREEMENT_MARK_LABEL[type]}</span>`;

/** An online agreement's text, as the platform writes it in the editor. */
function onlineText(tenantName: string, companyName: string): string {
  return [
    '<h2>企业服务合作协议</h2>',
    `<p>甲方（平台）：${tenantName}</p>`,
    `<p>乙方（企业）：${companyName}</p>`,
    '<p>第一条 合作内容：乙方通过甲方平台发布拜访、调研、学术会议等现场服务任务，甲方负责服务人员的实名认证、任务审核与费用结算。</p>',
    '<p>第二条 结算方式：乙方按任务审核结果生成结算单，经甲方审核后付款，甲方代为向服务人员发放服务费并代征相关税费。</p>',
    '<p>第三条 服务费：甲方按双方约定的服务费率收取平台服务费，费率调整以书面通知为准。</p>',
    '<p>第四条 保密义务：双方对合作中知悉的对方商业信息及服务人员个人信息负有保密义务，协议终止后仍然有效。</p>',
    '<p>第五条 协议期限：本协议期限以协议日期为准，期满双方无异议的，可另行签署续约协议。</p>',
    `<p>甲方（盖章）：${seal(AGREEMENT_MARK.platformSeal)}</p>`,
    `<p>乙方（盖章）：${seal(AGREEMENT_MARK.enterpriseSeal)}</p>`,
  ].join('');
}

/** The signed paper agreement, scanned to PDF, as a platform uploads it. */
const scannedAgreement = (tenantName: string, companyName: string, signedOn: string) =>
  renderPdf(
    {
      title: '企业服务合作协议（线下签署）',
      subtitle: `签订日期：${signedOn}`,
      subject: '企业服务合作协议',
      footer: `${tenantName} · 样本`,
      sections: [
        {
          title: '签约双方',
          fields: [
            ['甲方', tenantName],
            ['乙方', companyName],
          ],
        },
        {
          title: '协议正文',
          paragraphs: [
            '双方就乙方通过甲方平台发布现场服务任务、由甲方完成结算与代发事宜达成一致，具体条款以双方盖章的纸质协议为准。',
            '本文件为纸质协议的扫描件样本，双方各执一份原件。',
          ],
        },
      ],
    },
    new Date(`${signedOn}T10:00:00+08:00`),
  );

const variable = (key: TemplateVariableKey) => {
  const label = TEMPLATE_VARIABLES.find((item) => item.key === key)?.label ?? key;
  return `<span data-type="${AGREEMENT_MARK.variable}" data-key="${key}" class="agreement-mark agreement-mark-variable">${label}</span>`;
};

/** The demo company's template for the people of its visit projects, as it writes it in the editor. */
const DEMO_TEMPLATE = {
  agreementName: '门店拜访服务协议（标准版）',
  content: [
    '<h2>门店拜访服务协议</h2>',
    `<p>甲方：${variable('enterpriseName')}</p>`,
    `<p>乙方：${variable('userName')}　身份证号：${variable('idCard')}　手机号：${variable('phone')}</p>`,
    `<p>第一条 服务内容：乙方自愿承接甲方“${variable('projectName')}”中的门店拜访任务，按任务要求到店拜访并如实提交拜访记录与照片。</p>`,
    '<p>第二条 服务报酬：任务经平台审核通过后，服务报酬由平台按结算单代为发放至乙方实名认证的银行卡，相关税费依法代征。</p>',
    '<p>第三条 双方关系：乙方自行安排服务时间与方式，双方不构成劳动关系。</p>',
    '<p>第四条 信息真实：乙方保证提交的拜访记录真实有效，如有虚假，甲方有权拒绝结算。</p>',
    `<p>乙方签字：<span data-type="${AGREEMENT_MARK.signature}" class="agreement-mark agreement-mark-signature">${AGREEMENT_MARK_LABEL.signature}</span>　签署日期：${variable('signDate')}</p>`,
  ].join(''),
  params: (['enterpriseName', 'userName', 'idCard', 'phone', 'projectName', 'signDate'] as const).map((key) => ({
    key,
    value: TEMPLATE_VARIABLES.find((item) => item.key === key)?.label ?? key,
  })),
};

export const agreementsDemo: DemoStep = {
  reason: 'demo: the demo company’s agreements with its platforms',
  async run(services, system) {
    const found = await system((db) => demoCompanyOnEachPlatform(db));
    const today = Date.now();
    const day = (offset: number) => formatChinaDate(today + offset * DAY_MS);
    const at = (offset: number) => new Date(today + offset * DAY_MS);

    for (const { member, staff } of found) {
      const platform = demoPrincipal({ ...staff, tenantId: member.tenantId, enterpriseId: null, side: 'platform' });
      const company = demoPrincipal({ ...member, side: 'enterprise' });
      const owner = { tenantId: member.tenantId, enterpriseId: member.enterpriseId };
      const [names] = await system((db) =>
        db
          .select({ company: enterprises.name, tenant: tenants.name })
          .from(enterprises)
          .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
          .where(eq(enterprises.id, member.enterpriseId)),
      );
      if (!names) continue;

      const save = (input: Record<string, unknown>, when: Date) =>
        services.ctx.scopes.withViewer(platform, () =>
          saveEnterpriseAgreement(
            services,
            platform,
            enterpriseAgreementSaveInputSchema.parse({ ...owner, ...input }),
            auditActorOf(platform, DEMO_IP),
            when,
          ),
        );
      const offline = async (signed: number, start: number, end: number) => {
        const signedOn = day(signed);
        const bytes = await scannedAgreement(names.tenant, names.company, signedOn);
        // the company's finance clerk sent the scan (the README accounts own no file, as the e2e suite
        // expects of them); the staff record it
        const clerk = await clerkOf(services, member);
        const file = await services.ctx.scopes.withViewer(clerk, () =>
          uploadAs(services, clerk, bytes, `企业服务合作协议-${signedOn}.pdf`, {
            scene: 'agreement',
            uploadPath: 'agreement',
          }),
        );
        return save(
          {
            agreementType: 0,
            enterpriseSignTime: signedOn,
            startTime: day(start),
            endTime: day(end),
            agreementList: [{ agreementName: file.fileName, agreementAddress: addressOf(file) }],
          },
          // uploaded the day after the signing
          at(signed + 1),
        );
      };
      const online = (name: string, start: number, end: number, when: number) =>
        save(
          {
            agreementType: 1,
            agreementName: name,
            enterpriseSignTime: day(start),
            startTime: day(start),
            endTime: day(end),
            content: onlineText(names.tenant, names.company),
          },
          at(when),
        );
      const signAs = async (who: Principal, id: number, answer: 'sign' | 'refuse', when: number) => {
        const address = await services.ctx.scopes.withViewer(who, (db) =>
          signAddress(db, who, id, auditActorOf(who, DEMO_IP)),
        );
        const token = address.signAddress.split('/').pop() ?? '';
        await services.ctx.scopes.withSystem('demo: the signer answers the signing page', () =>
          completeSigning(token, answer, DEMO_IP, at(when)),
        );
      };
      const act = (id: number, action: AgreementAction, when: number) =>
        services.ctx.scopes.withViewer(platform, () =>
          changeAgreement(services, platform, id, action, auditActorOf(platform, DEMO_IP), at(when)),
        );

      // the first year, on paper; then the online agreement in force today
      await offline(-541, -540, -176);
      const yearly = await online('企业服务合作协议（两年期）', -170, 560, -172);
      await signAs(platform, yearly.id, 'sign', -172);
      await signAs(company, yearly.id, 'sign', -171);
      // a supplementary paper agreement, ended early when the online one took over
      const supplement = await offline(-202, -200, 165);
      await act(supplement.id, 'end', -60);
      // a renewal of the service-fee terms: written, withdrawn for a wording change, written again
      const withdrawn = await online('服务费率补充协议', -20, 345, -25);
      await signAs(platform, withdrawn.id, 'sign', -25);
      await act(withdrawn.id, 'withdraw', -22);
      const awaitingCompany = await online('服务费率补充协议（修订）', 5, 370, -3);
      await signAs(platform, awaitingCompany.id, 'sign', -3);
      // a data-processing agreement the company refused, and its successor awaiting the platform
      const refused = await online('数据处理与保密协议', -40, 325, -45);
      await signAs(platform, refused.id, 'sign', -45);
      await signAs(company, refused.id, 'refuse', -44);
      await online('数据处理与保密协议（第二版）', 10, 375, -1);
      // next year's paper agreement, recorded ahead of its start: a draft until then
      await offline(-3, 30, 395);
      // the company's own template for its projects' people
      await services.ctx.scopes.withViewer(company, () =>
        saveTemplate(
          services,
          company,
          templateSaveInputSchema.parse({ ...owner, ...DEMO_TEMPLATE }),
          auditActorOf(company, DEMO_IP),
        ),
      );
    }
  },
};
