import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { askLookup, createLookupWorld, type LookupWorld, labelsOf, marker } from '../../../test/lookups';
import { productAuthorisations, products } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let search: string;

beforeAll(async () => {
  world = await createLookupWorld(t);
  search = marker('药');
  const rows = await t.database.db
    .insert(products)
    .values([
      {
        ...world.own,
        productName: `${search}阿托伐他汀钙片`,
        productGuige: '20mg*7片',
        productFactory: '辉瑞制药有限公司',
        source: 1,
      },
      {
        ...world.own,
        productName: `${search}蒙脱石散`,
        productGuige: '3g*10袋',
        productFactory: '博福-益普生（天津）制药有限公司',
        source: 2,
      },
      {
        ...world.sibling,
        productName: `${search}甲钴胺片`,
        productGuige: '0.5mg*20片',
        productFactory: '卫材（中国）药业有限公司',
        source: 1,
      },
    ])
    .returning({ id: products.id });
  await t.database.db
    .insert(productAuthorisations)
    .values([{ ...world.own, productId: rows[0].id, authorisedOn: '2026-02-01' }]);
});

describe('product lookup', () => {
  it('answers specification and maker, and filters by source and companyId', async () => {
    const own = await askLookup(t.app, world.enterpriseUser, 'product', { productName: search });
    expect(own.records[0]).toMatchObject({
      label: `${search}阿托伐他汀钙片`,
      productGuige: '20mg*7片',
      productFactory: '辉瑞制药有限公司',
      description: '20mg*7片 · 辉瑞制药有限公司',
      companyId: world.own.enterpriseId,
      source: 1,
    });
    expect(labelsOf(await askLookup(t.app, world.staffA, 'product', { productName: search, source: 2 }))).toEqual([
      `${search}蒙脱石散`,
    ]);
    const sibling = await askLookup(t.app, world.staffA, 'product', {
      productName: search,
      companyId: world.sibling.enterpriseId,
    });
    expect(labelsOf(sibling)).toEqual([`${search}甲钴胺片`]);
    // an enterprise user asking for another company's products finds none
    const stranger = await askLookup(t.app, world.enterpriseUser, 'product', {
      productName: search,
      companyId: world.sibling.enterpriseId,
    });
    expect(stranger.total).toBe(0);
  });
});

describe('authorised product lookup', () => {
  it('lists only the products the enterprise holds an authorisation for', async () => {
    const answer = await askLookup(t.app, world.enterpriseUser, 'authorisedProduct', { name: search });
    expect(answer.records).toEqual([
      expect.objectContaining({ label: `${search}阿托伐他汀钙片`, enterpriseId: world.own.enterpriseId }),
    ]);
  });
});
