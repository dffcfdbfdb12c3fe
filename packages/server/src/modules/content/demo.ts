/**
 * The content module's demo step: a member of every demo enterprise writes a few articles and
 * questionnaires through the service, as the console's requests would, and disables one. Their
 * dates are then spread over the autumn (the rows are the step's own), so the lists read as a
 * library built up over weeks. Deterministic; skipped for an enterprise that has content already.
 */
import type { ContentAddBody } from '@fieldpay/domain';
import { contentAddBodySchema } from '@fieldpay/domain';
import { and, asc, eq } from 'drizzle-orm';
import { contentItems, enterpriseMembers, enterprises, tenants, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import type { DemoStep } from '../../platform/modules';
import { DEMO_ACCOUNTS, DEMO_IP } from '../../seed/demo';
import { auditActorOf } from '../../platform/system/audit';
import { addContent, countContent, setContentStatus } from './library';

const ARTICLES: ContentAddBody[] = [
  {
    type: 1,
    title: '新品上市：复方感冒颗粒的适应症与用法用量',
    author: '市场部',
    content:
      '<h2>适应症</h2><p>用于普通感冒引起的发热、头痛、鼻塞、流涕。</p><h2>用法用量</h2><ul><li>成人一次1袋，一日3次</li><li>儿童请遵医嘱</li></ul><p><strong>提示：</strong>服药期间忌烟酒及辛辣食物。</p>',
  },
  {
    type: 1,
    title: '药店陈列规范（2026版）',
    author: '渠道部',
    content:
      '<p>陈列位置：收银台旁或感冒药专区<strong>视线高度</strong>。</p><ol><li>正面朝外，排面不少于3个</li><li>价签清晰、与实物对应</li><li>海报张贴在专区入口</li></ol>',
  },
  {
    type: 1,
    title: '学术会议纪要：基层慢病管理经验分享',
    author: '医学部',
    content:
      '<p>本次会议邀请三位基层医生分享高血压、糖尿病随访管理的经验。</p><blockquote>规律随访是控制并发症的关键。</blockquote><p>会议资料可向区域经理索取。</p>',
  },
];

const QUESTIONNAIRES: ContentAddBody[] = [
  {
    type: 2,
    title: '药店店员产品认知调研',
    author: '市场部',
    content: '<p>感谢参与，本问卷约需3分钟。</p>',
    questionList: [
      {
        subjectType: 10,
        subjectName: '您所在门店的类型',
        required: 1,
        optionList: [{ optionContent: '连锁药店' }, { optionContent: '单体药店' }, { optionContent: '医院药房' }],
      },
      {
        subjectType: 11,
        subjectName: '顾客购买感冒药时最关注哪些方面',
        required: 1,
        optionList: [
          { optionContent: '疗效' },
          { optionContent: '价格' },
          { optionContent: '品牌' },
          { optionContent: '副作用' },
        ],
      },
      { subjectType: 13, subjectName: '您对本品宣传资料的满意度', required: 1 },
      {
        subjectType: 101,
        subjectName: '本品是否有陈列在显眼位置',
        optionList: [{ optionContent: '是' }, { optionContent: '否，原因', type: 2, isMust: 1 }],
      },
      { subjectType: 100, subjectName: '您对本品的其他建议' },
    ],
  },
  {
    type: 2,
    title: '终端拜访满意度回访',
    author: '客服部',
    questionList: [
      { subjectType: 103, subjectName: '以下问题关于最近一次拜访', subjectContent: '请根据实际情况填写' },
      {
        subjectType: 9,
        subjectName: '拜访人员信息',
        optionList: [{ optionContent: '姓名' }, { optionContent: '工号' }],
      },
      {
        subjectType: 14,
        subjectName: '拜访时段',
        required: 1,
        optionList: [{ optionContent: '上午' }, { optionContent: '下午' }, { optionContent: '晚上' }],
      },
      { subjectType: 15, subjectName: '拜访日期' },
      { subjectType: 15, subjectName: '拜访时长（分钟）' },
      {
        subjectType: 102,
        subjectName: '拜访中介绍了哪些内容',
        optionList: [{ optionContent: '新品介绍' }, { optionContent: '陈列指导' }, { optionContent: '其他', type: 2 }],
      },
      { subjectType: 4, subjectName: '请上传门头照片', required: 1 },
      { subjectType: 17, subjectName: '请上传陈列照片（可多张）' },
      { subjectType: 16, subjectName: '如有签收单请上传附件' },
    ],
  },
];

/** When each item was written: weeks apart, the newest first in the list (epoch ms, China afternoon). */
const BASE = Date.UTC(2026, 8, 1, 6, 30);
const DAY = 86_400_000;

export const contentDemo: DemoStep = {
  reason: 'demo content: the enterprises wrote their articles and questionnaires',
  async run(services, system) {
    const members = await system((tx) =>
      tx
        .select({
          userId: users.id,
          realname: users.realname,
          username: users.username,
          tenantId: enterpriseMembers.tenantId,
          enterpriseId: enterpriseMembers.enterpriseId,
        })
        .from(enterpriseMembers)
        .innerJoin(users, eq(users.id, enterpriseMembers.userId))
        .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, enterpriseMembers.tenantId))
        // only those who can sign in write (a disabled user, enterprise or tenant cannot)
        .where(and(eq(users.status, 1), eq(enterprises.status, 1), eq(tenants.status, 1)))
        .orderBy(asc(enterpriseMembers.enterpriseId), asc(users.id)),
    );
    // the README's accounts stay as the README describes them: another member writes where there is one
    const readme = new Set<string>(Object.values(DEMO_ACCOUNTS).map((account) => account.username));
    const byPreference = [...members].sort((a, b) => Number(readme.has(a.username)) - Number(readme.has(b.username)));
    const firstPerEnterprise = members
      .map((row) => row.enterpriseId)
      .filter((id, index, ids) => ids.indexOf(id) === index)
      .map((id) => byPreference.find((row) => row.enterpriseId === id) as (typeof members)[number]);
    for (const [n, member] of firstPerEnterprise.entries()) {
      if ((await system((tx) => countContent(tx, member.enterpriseId))) > 0) continue;
      // the member acts in its own scope as its requests would, without a session row: members that
      // never signed in stay so (the IDOR matrix signs in as one of them)
      const principal: Principal = {
        sessionId: 0,
        userId: member.userId,
        side: 'enterprise',
        tenantId: member.tenantId,
        enterpriseId: member.enterpriseId,
        username: member.username,
        realname: member.realname,
        userIdentity: 2,
        idleExpiresAt: new Date(BASE),
      };
      const actor = auditActorOf(principal, DEMO_IP);
      // enterprises differ in how much they wrote: the first all, later ones fewer
      const items = [...ARTICLES, ...QUESTIONNAIRES].filter((_, i) => n % 2 === 0 || i % 2 === 0);
      const ids = await services.ctx.scopes.withViewer(principal, async (db) => {
        const made: number[] = [];
        for (const item of items) {
          made.push((await addContent(db, principal, actor, contentAddBodySchema.parse(item))).id);
        }
        await setContentStatus(db, principal, actor, made[made.length - 1], 0);
        return made;
      });
      await system(async (tx) => {
        for (const [i, id] of ids.entries()) {
          const createdAt = new Date(BASE + (i * 9 + n * 2) * DAY);
          const updatedAt = new Date(createdAt.getTime() + (i % 3) * DAY + 3_600_000);
          await tx
            .update(contentItems)
            .set({ createdAt, updatedAt })
            .where(and(eq(contentItems.tenantId, member.tenantId), eq(contentItems.id, id)));
        }
      });
    }
  },
};
