/**
 * Demo rows behind the remote-select lookups: bank branches, tax sources, bank platforms and
 * accounts, terminals and customers, products and authorisations, natural persons (their projects
 * come with the projects, demo-projects.ts),
 * agreements and signers, tags and labels, WeChat share chains. Realistic zh_CN names; drawn
 * from the faker instance seedDemoData has already seeded, so every run makes the same rows.
 */
import { fakerZH_CN as faker } from '@faker-js/faker';
import { nationalIdCheckChar } from '@fieldpay/domain';
import { asc, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { PLATFORM_AGREEMENT_TEXTS } from './demo-agreement-texts';
import {
  articleShares,
  bankBranches,
  bankPlatforms,
  channelAccounts,
  contractEnterprises,
  contractPersons,
  contracts,
  customers,
  enterprises,
  labels,
  organisations,
  personAgreements,
  persons,
  productAuthorisations,
  products,
  tags,
  taxSources,
  tenants,
  virtualAccounts,
  wechatUsers,
} from '../db/schema';

const BANKS = [
  { bankNo: 'CMB', name: '招商银行股份有限公司', cnaps: '308' },
  { bankNo: 'ICBC', name: '中国工商银行股份有限公司', cnaps: '102' },
  { bankNo: 'CCB', name: '中国建设银行股份有限公司', cnaps: '105' },
  { bankNo: 'ABC', name: '中国农业银行股份有限公司', cnaps: '103' },
  { bankNo: 'BOC', name: '中国银行股份有限公司', cnaps: '104' },
  { bankNo: 'BOCOM', name: '交通银行股份有限公司', cnaps: '301' },
  { bankNo: 'SPDB', name: '上海浦东发展银行股份有限公司', cnaps: '310' },
];

/** Cities with their CNAPS city code and a few districts where branches and terminals are. */
const CITIES = [
  {
    province: '浙江省',
    city: '杭州市',
    short: '杭州',
    code: '3310',
    districts: ['西湖区', '拱墅区', '上城区', '滨江区'],
  },
  {
    province: '上海市',
    city: '上海市',
    short: '上海',
    code: '2900',
    districts: ['徐汇区', '浦东新区', '黄浦区', '静安区'],
  },
  {
    province: '北京市',
    city: '北京市',
    short: '北京',
    code: '1000',
    districts: ['海淀区', '朝阳区', '东城区', '西城区'],
  },
  {
    province: '四川省',
    city: '成都市',
    short: '成都',
    code: '6510',
    districts: ['武侯区', '锦江区', '青羊区', '成华区'],
  },
  {
    province: '江苏省',
    city: '南京市',
    short: '南京',
    code: '3010',
    districts: ['鼓楼区', '玄武区', '秦淮区', '建邺区'],
  },
  {
    province: '湖北省',
    city: '武汉市',
    short: '武汉',
    code: '5210',
    districts: ['江汉区', '洪山区', '武昌区', '江岸区'],
  },
  {
    province: '广东省',
    city: '深圳市',
    short: '深圳',
    code: '5840',
    districts: ['福田区', '南山区', '罗湖区', '宝安区'],
  },
];

const BRANCH_NAMES: Record<string, string[]> = {
  杭州: ['西湖支行', '滨江支行', '钱江新城支行', '武林支行'],
  上海: ['陆家嘴支行', '徐家汇支行', '张江支行', '静安支行'],
  北京: ['中关村支行', '朝阳门支行', '金融街支行', '望京支行'],
  成都: ['高新支行', '天府新区支行', '春熙路支行', '锦江支行'],
  南京: ['新街口支行', '河西支行', '鼓楼支行'],
  武汉: ['光谷支行', '江汉路支行', '中南路支行'],
  深圳: ['福田支行', '南山支行', '科技园支行', '车公庙支行'],
};

const ROADS = ['文三路', '解放路', '南京西路', '天府大道', '中山路', '建国路', '人民路', '长江路', '学院路', '延安路'];

const TAX_SOURCES = [
  '江西省赣州市章贡区税源地',
  '海南省海口市龙华区税源地',
  '湖北省武汉市东湖新技术开发区税源地',
  '安徽省合肥市高新区税源地',
  '重庆市两江新区税源地',
  '天津市滨海新区税源地',
  '江苏省宿迁市宿城区税源地',
  '山东省菏泽市牡丹区税源地',
  '四川省成都市天府新区税源地',
  '陕西省西安市高新区税源地',
];

/** name, specification (规格), maker */
const PRODUCTS: Array<[string, string, string]> = [
  ['阿托伐他汀钙片', '20mg*7片', '辉瑞制药有限公司'],
  ['苯磺酸氨氯地平片', '5mg*28片', '辉瑞制药有限公司'],
  ['瑞舒伐他汀钙片', '10mg*7片', '阿斯利康制药有限公司'],
  ['盐酸二甲双胍缓释片', '0.5g*30片', '中美上海施贵宝制药有限公司'],
  ['硫酸氢氯吡格雷片', '75mg*7片', '赛诺菲（杭州）制药有限公司'],
  ['缬沙坦胶囊', '80mg*28粒', '北京诺华制药有限公司'],
  ['甲钴胺片', '0.5mg*20片', '卫材（中国）药业有限公司'],
  ['奥美拉唑肠溶胶囊', '20mg*14粒', '阿斯利康制药有限公司'],
  ['蒙脱石散', '3g*10袋', '博福-益普生（天津）制药有限公司'],
  ['布地奈德福莫特罗吸入粉雾剂', '160μg/4.5μg*60吸', '阿斯利康制药有限公司'],
  ['复方丹参滴丸', '27mg*180丸', '天士力医药集团股份有限公司'],
  ['连花清瘟胶囊', '0.35g*24粒', '石家庄以岭药业股份有限公司'],
  ['玻璃酸钠滴眼液', '0.1%*5ml', '参天制药（中国）有限公司'],
  ['替格瑞洛片', '90mg*14片', '阿斯利康制药有限公司'],
  ['厄贝沙坦氢氯噻嗪片', '150mg/12.5mg*7片', '赛诺菲（杭州）制药有限公司'],
  ['左氧氟沙星片', '0.5g*4片', '第一三共制药（北京）有限公司'],
  ['头孢克肟分散片', '0.1g*6片', '石药集团欧意药业有限公司'],
  ['氯雷他定片', '10mg*6片', '拜耳医药保健有限公司'],
  ['布洛芬缓释胶囊', '0.3g*20粒', '中美天津史克制药有限公司'],
  ['阿莫西林胶囊', '0.25g*24粒', '珠海联邦制药股份有限公司'],
  ['葡萄糖酸钙锌口服溶液', '10ml*12支', '澳诺（中国）制药有限公司'],
  ['维生素D滴剂', '400IU*30粒', '青岛双鲸药业股份有限公司'],
];

const PHARMACY_BRANDS = ['老百姓大药房', '益丰大药房', '海王星辰', '大参林', '一心堂', '国大药房', '华东大药房'];
const DISTRIBUTORS = ['国药控股', '华润医药商业', '九州通医药', '上海医药分销', '英特药业'];
/** 职称 by customer type (drawn at random) */
const TITLES: Record<string, string[]> = {
  hospital: ['主任医师', '副主任医师', '主治医师', '住院医师'],
  pharmacy: ['主管药师', '执业药师', '药士'],
  clinic: ['医师', '执业医师'],
  business: ['高级经济师', '经济师'],
};
/** 职务 by customer type, and who registered the customer: taken in turn, not drawn (the draws stay as they were) */
const POSITIONS: Record<string, string[]> = {
  hospital: ['科主任', '副主任', '医生', '医生'],
  pharmacy: ['店长', '店员', '采购'],
  clinic: ['负责人', '医生'],
  business: ['采购经理', '质量负责人'],
};
const REGISTRARS = ['张明', '李静', '王磊', '赵敏', '陈晨'];
/** values of each customer type's department dictionary (reference-data.ts) */
const DEPARTMENT_VALUES: Record<string, number> = { hospital: 12, pharmacy: 4, clinic: 5, business: 4 };

const ENTERPRISE_TAGS = ['重点客户', '医药行业', '新签约', '长期合作', '月结客户', 'KA客户', '风险关注'];
const PERSON_TAGS = ['医学背景', '资深代表', '新人'];
const LABELS = ['心血管产品线', '华东大区', '院内市场', '零售终端', '学术会议', '重点医院', '新品上市'];
const NICKNAMES = [
  '晴天',
  '阿杰',
  '小鱼儿',
  '追风少年',
  '暖暖',
  'Lily王',
  '静待花开',
  '山有木兮',
  '老陈',
  '一米阳光',
  '木子李',
  '星河',
  '大鹏',
  '桃子',
  '知足常乐',
  '橙子',
  '清风徐来',
  '药师小刘',
  '向日葵',
  '南风',
];
const ARTICLES = [
  '高血压患者居家用药指南',
  '糖尿病饮食管理十问',
  '秋冬季节呼吸道疾病预防',
  '他汀类药物的正确服用时间',
  '儿童补钙常见误区',
  '眼干眼涩怎么办',
  '关节健康从日常做起',
  '抗生素使用须知',
];

const PERSON_CATEGORIES = ['医药代表', '市场调研员', '学术推广专员', '药店督导', '客户拜访专员'];
const ID_AREAS = ['330106', '310104', '440305', '320106', '510107'];

/**
 * What the index-th person filled in when registering in the app, and when: an ID number (an area, a
 * birth date of 1965-2003, a valid check character), education, address, e-mail and service category.
 * Made from the index and phone, not the faker, so the rows seeded after these stay as they were.
 */
function registrationOf(index: number, phone: string) {
  const month = String((index % 12) + 1).padStart(2, '0');
  const day = String((index % 28) + 1).padStart(2, '0');
  const registeredAt = new Date(Date.UTC(2025, index % 5, 1 + ((index * 7) % 27), 1 + (index % 9)));
  const first17 = `${ID_AREAS[index % ID_AREAS.length]}${1965 + ((index * 7) % 39)}${month}${day}${phone.slice(-3)}`;
  return {
    idCard: `${first17}${nationalIdCheckChar(first17)}`,
    educationType: [2, 3, 4, 4, 5, 3, 4][index % 7],
    address: `${CITIES[index % CITIES.length].city}${ROADS[index % ROADS.length]}${((index * 37) % 900) + 1}号`,
    email: `${phone}@139.com`,
    categoryName: PERSON_CATEGORIES[index % PERSON_CATEGORIES.length],
    // registered in the first months of 2025, before any agreement was signed (from June 2025)
    createdAt: registeredAt,
    updatedAt: registeredAt,
  };
}

const mobile = () =>
  `1${faker.helpers.arrayElement(['35', '36', '37', '38', '39', '50', '58', '86', '88'])}${faker.string.numeric(8)}`;

/** `count` distinct values from `make`, for columns under a unique index. */
function distinct<T>(count: number, make: () => T, key: (value: T) => string = String): T[] {
  const seen = new Map<string, T>();
  for (let attempt = 0; seen.size < count && attempt < count * 20; attempt++) {
    const value = make();
    if (!seen.has(key(value))) seen.set(key(value), value);
  }
  return [...seen.values()];
}

function organisationName(type: string, place: (typeof CITIES)[number]): string {
  const district = faker.helpers.arrayElement(place.districts);
  const road = faker.helpers.arrayElement(ROADS);
  switch (type) {
    case 'hospital':
      return faker.helpers.arrayElement([
        `${place.short}市第一人民医院`,
        `${place.short}市第三人民医院`,
        `${place.short}市中医院`,
        `${place.short}市妇幼保健院`,
        `${place.short}市儿童医院`,
        `${place.short}市${district}人民医院`,
        `${place.short}大学附属第二医院`,
      ]);
    case 'pharmacy':
      return `${faker.helpers.arrayElement(PHARMACY_BRANDS)}（${road}店）`;
    case 'clinic':
      return faker.helpers.arrayElement([
        `${district}${faker.person.lastName()}氏中医诊所`,
        `${road}社区卫生服务站`,
        `${place.short}${faker.helpers.arrayElement(['美齿', '康贝', '仁爱'])}口腔诊所`,
      ]);
    default:
      return `${faker.helpers.arrayElement(DISTRIBUTORS)}（${place.short}）有限公司`;
  }
}

export async function seedCatalogueData(tx: DbOrTx): Promise<void> {
  // ---- bank branch directory (reference for every tenant)
  const branches = BANKS.flatMap((bank) =>
    CITIES.flatMap((place, cityIndex) =>
      [`${place.short}分行营业部`, ...BRANCH_NAMES[place.short].map((name) => `${place.short}${name}`)].map(
        (name, index) => ({
          bankNo: bank.bankNo,
          bankBranchName: `${bank.name}${name}`,
          cnapsCode: `${bank.cnaps}${place.code}${String(cityIndex * 100 + index + 1).padStart(4, '0')}${index % 10}`,
        }),
      ),
    ),
  );
  await tx.insert(bankBranches).values(branches).onConflictDoNothing();

  const tenantRows = await tx
    .select({ id: tenants.id, company: tenants.company })
    .from(tenants)
    .where(ne(tenants.id, 0))
    .orderBy(asc(tenants.id));
  const enterpriseRows = await tx
    .select({
      id: enterprises.id,
      tenantId: enterprises.tenantId,
      name: enterprises.name,
      taxNumber: enterprises.taxNumber,
    })
    .from(enterprises)
    .orderBy(asc(enterprises.id));

  for (const [tenantIndex, tenant] of tenantRows.entries()) {
    await tx
      .insert(taxSources)
      .values(faker.helpers.arrayElements(TAX_SOURCES, 5).map((taxName) => ({ tenantId: tenant.id, taxName })));
    await tx
      .insert(tags)
      .values([
        ...ENTERPRISE_TAGS.map((tag) => ({ tenantId: tenant.id, tag, type: 1 })),
        ...PERSON_TAGS.map((tag) => ({ tenantId: tenant.id, tag, type: 2 })),
      ]);

    const platforms = await tx
      .insert(bankPlatforms)
      .values([
        { tenantId: tenant.id, platformName: '招商银行CBS直连', bankNo: 'CMB' },
        { tenantId: tenant.id, platformName: '聚合支付通道', bankNo: 'SCP' },
        { tenantId: tenant.id, platformName: '工商银行银企互联', bankNo: 'ICBC' },
      ])
      .returning({ id: bankPlatforms.id, bankNo: bankPlatforms.bankNo });
    await tx.insert(channelAccounts).values(
      platforms.map((platform) => ({
        tenantId: tenant.id,
        platformId: platform.id,
        accountNo:
          platform.bankNo === 'ICBC'
            ? `120${tenantIndex}${faker.string.numeric(15)}`
            : `5719${tenantIndex}${faker.string.numeric(11)}`,
        accountName: tenant.company,
      })),
    );

    const [platformAgreement, privacyAgreement] = await tx
      .insert(contracts)
      .values(
        ['灵活用工平台服务协议', '个人信息处理授权书', '税务代征委托协议'].map((contractName, index) => ({
          tenantId: tenant.id,
          contractSn: `PT${tenant.id}000${index + 1}`,
          contractName,
          type: 1,
          content: PLATFORM_AGREEMENT_TEXTS[contractName],
        })),
      )
      .returning({ id: contracts.id });

    const people = await tx
      .insert(persons)
      .values(
        distinct(40, mobile).map((phone, index) => ({
          tenantId: tenant.id,
          userSn: `ZRR${tenant.id}${String(index + 1).padStart(5, '0')}`,
          name: faker.person.fullName(),
          phone,
          ...registrationOf(index, phone),
          loginFlag: faker.helpers.weightedArrayElement([
            { weight: 17, value: 0 },
            { weight: 1, value: 1 },
            { weight: 1, value: 2 },
            { weight: 1, value: 3 },
          ]),
        })),
      )
      .returning({ id: persons.id, createdAt: persons.createdAt });
    let agreementSn = 1;
    const agreementRows: (typeof personAgreements.$inferInsert)[] = people.flatMap((person) =>
      [platformAgreement, privacyAgreement].map((contract) => ({
        tenantId: tenant.id,
        contractId: contract.id,
        personId: person.id,
        contractSn: `XY${tenant.id}${String(agreementSn++).padStart(7, '0')}`,
        // offered at registration, signed later (or not yet)
        createdAt: person.createdAt,
        signedAt:
          faker.number.int({ min: 0, max: 6 }) === 0
            ? null
            : faker.date.between({ from: '2025-06-01', to: '2026-10-31' }),
      })),
    );

    for (const enterprise of enterpriseRows.filter((e) => e.tenantId === tenant.id)) {
      const owner = { tenantId: tenant.id, enterpriseId: enterprise.id };
      const place = faker.helpers.arrayElement(CITIES);

      const orgs = distinct(
        faker.number.int({ min: 8, max: 14 }),
        () => {
          const orgType = faker.helpers.weightedArrayElement([
            { weight: 5, value: 'hospital' },
            { weight: 4, value: 'pharmacy' },
            { weight: 2, value: 'clinic' },
            { weight: 1, value: 'business' },
          ]);
          return { orgType, orgName: organisationName(orgType, place) };
        },
        (org) => org.orgName,
      );
      const orgRows = await tx
        .insert(organisations)
        .values(
          orgs.map((org) => ({
            ...owner,
            ...org,
            auditStatus: faker.helpers.weightedArrayElement([
              { weight: 6, value: 1 },
              { weight: 2, value: 0 },
              { weight: 1, value: 2 },
            ]),
            province: place.province,
            city: place.city,
            area: faker.helpers.arrayElement(place.districts),
            address: `${faker.helpers.arrayElement(ROADS)}${faker.number.int({ min: 1, max: 999 })}号`,
          })),
        )
        .returning({ id: organisations.id, orgType: organisations.orgType });
      await tx.insert(customers).values(
        orgRows.flatMap((org) =>
          distinct(
            faker.number.int({ min: 1, max: 3 }),
            () => ({
              cusName: faker.person.fullName(),
              department: String(faker.number.int({ min: 1, max: DEPARTMENT_VALUES[org.orgType] ?? 1 })),
            }),
            (c) => `${c.cusName}/${c.department}`,
          ).map((customer, index) => ({
            ...owner,
            organisationId: org.id,
            cusType: org.orgType,
            ...customer,
            sex: faker.number.int({ min: 1, max: 2 }),
            title: faker.helpers.arrayElement(TITLES[org.orgType] ?? ['']),
            posit: POSITIONS[org.orgType]?.[(org.id + index) % POSITIONS[org.orgType].length] ?? '',
            createdByName: REGISTRARS[(org.id + index) % REGISTRARS.length],
            auditStatus: faker.helpers.weightedArrayElement([
              { weight: 5, value: 1 },
              { weight: 2, value: 0 },
              { weight: 1, value: 2 },
            ]),
          })),
        ),
      );

      const productRows = await tx
        .insert(products)
        .values(
          faker.helpers
            .arrayElements(PRODUCTS, { min: 6, max: 10 })
            .map(([productName, productGuige, productFactory]) => ({
              ...owner,
              productName,
              productGuige,
              productFactory,
              source: faker.helpers.weightedArrayElement([
                { weight: 3, value: 1 },
                { weight: 1, value: 2 },
              ]),
            })),
        )
        .returning({ id: products.id });
      await tx.insert(productAuthorisations).values(
        productRows
          .filter((_, index) => index % 2 === 0)
          .map((product) => ({
            ...owner,
            productId: product.id,
            authorisedOn: faker.date.between({ from: '2025-01-01', to: '2026-09-30' }).toISOString().slice(0, 10),
          })),
      );

      await tx.insert(virtualAccounts).values(
        platforms
          .filter((platform) => platform.bankNo !== 'ICBC')
          .map((platform) => ({
            ...owner,
            platformId: platform.id,
            accountName: enterprise.name,
            accountNo: faker.string.numeric(10),
            accountSn: String(enterprise.id).padStart(10, '0'),
          })),
      );
      await tx.insert(contractEnterprises).values({ ...owner, name: enterprise.name, taxNumber: enterprise.taxNumber });
      await tx.insert(contractPersons).values(
        distinct(faker.number.int({ min: 2, max: 3 }), mobile).map((phone, index) => ({
          ...owner,
          name: faker.person.fullName(),
          phone,
          status: index === 2 ? 1 : 0,
        })),
      );
      await tx.insert(labels).values(faker.helpers.arrayElements(LABELS, 4).map((name) => ({ ...owner, name })));

      const fans = await tx
        .insert(wechatUsers)
        .values(
          faker.helpers.arrayElements(NICKNAMES, 12).map((userName) => ({
            ...owner,
            openId: `o${faker.string.alphanumeric(27)}`,
            userName,
          })),
        )
        .returning({ id: wechatUsers.id });
      const [starters, others] = [fans.slice(0, 3), fans.slice(3)];
      await tx.insert(articleShares).values(
        Array.from({ length: 25 }, () => {
          const first = faker.helpers.arrayElement(starters);
          return {
            ...owner,
            title: faker.helpers.arrayElement(ARTICLES),
            firstUserId: first.id,
            // the first hop is sent by the starter, later hops by whoever forwarded it
            sendUserId: faker.datatype.boolean() ? first.id : faker.helpers.arrayElement(others).id,
            readerId: faker.helpers.arrayElement(others).id,
            sharedAt: faker.date.between({ from: '2026-05-01', to: '2026-11-15' }),
          };
        }),
      );
    }
    await tx.insert(personAgreements).values(agreementRows);
  }
}
