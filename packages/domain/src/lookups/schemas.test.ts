import { describe, expect, it } from 'vitest';
import {
  isLookupKind,
  LOOKUP_KINDS,
  LOOKUP_PAGE,
  LOOKUPS,
  lookupOptionLabel,
  lookupPageSchema,
  lookupQuerySchema,
  lookupRowDisabled,
} from './schemas';

describe('lookup catalogue', () => {
  it('defines every kind of the spec, each searching by one of its own filter keys', () => {
    expect(LOOKUP_KINDS).toHaveLength(26);
    for (const kind of LOOKUP_KINDS) {
      const definition = LOOKUPS[kind];
      expect(Object.keys(definition.filters.shape), kind).toContain(definition.searchKey);
      expect(Object.keys(definition.record.shape), kind).toEqual(expect.arrayContaining(['value', 'label']));
      expect(definition.title, kind).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
    expect(isLookupKind('tax')).toBe(true);
    expect(isLookupKind('users; drop table users')).toBe(false);
  });

  it('keeps the filter keys the spec names', () => {
    const keys = (kind: keyof typeof LOOKUPS) => Object.keys(LOOKUPS[kind].filters.shape).sort();
    expect(keys('organisation')).toEqual(['auditStatus', 'companyId', 'orgName', 'orgType']);
    expect(keys('customer')).toEqual(['auditStatus', 'cusName', 'cusType']);
    expect(keys('product')).toEqual(['companyId', 'productName', 'source']);
    expect(keys('tax')).toEqual(['taxName', 'tenantId']);
    expect(keys('employee')).toEqual(['name', 'projectId', 'status']);
    expect(keys('project')).toEqual(['clientId', 'processed', 'projectId', 'projectName', 'projectStatus']);
    expect(keys('signer')).toEqual(['loginFlagType', 'name']);
    expect(keys('tag')).toEqual(['tag', 'tenantId', 'type']);
    expect(keys('virtualAccount')).toEqual(['accountName', 'platformId']);
    expect(keys('contract')).toEqual(['name', 'type']);
    expect(keys('contractPerson')).toEqual(['name', 'status']);
    expect(keys('tax')).toEqual(['taxName', 'tenantId']);
    expect(Object.keys(LOOKUPS.tax.record.shape).sort()).toEqual(
      ['description', 'disabled', 'id', 'label', 'taxName', 'tenantId', 'value'].sort(),
    );
  });
});

describe('lookup paging', () => {
  it('defaults to page 1 of 20', () => {
    expect(lookupPageSchema.parse({})).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('clamps huge, tiny, fractional and unreadable values instead of refusing them', () => {
    expect(lookupPageSchema.parse({ pageNo: '99999999999', pageSize: '100000' })).toEqual({
      pageNo: LOOKUP_PAGE.maxPageNo,
      pageSize: LOOKUP_PAGE.maxPageSize,
    });
    expect(lookupPageSchema.parse({ pageNo: '-3', pageSize: '0' })).toEqual({ pageNo: 1, pageSize: 1 });
    expect(lookupPageSchema.parse({ pageNo: '2.7', pageSize: '15.2' })).toEqual({ pageNo: 2, pageSize: 15 });
    expect(lookupPageSchema.parse({ pageNo: 'abc', pageSize: '' })).toEqual({ pageNo: 1, pageSize: 20 });
    expect(lookupPageSchema.parse({ pageNo: 'Infinity', pageSize: '1e400' })).toEqual({ pageNo: 1, pageSize: 20 });
  });
});

describe('lookup filters', () => {
  it('ignores keys outside the whitelist and treats blank values as no filter', () => {
    const parsed = lookupQuerySchema('organisation').parse({
      orgName: '  人民医院 ',
      auditStatus: '',
      orgType: '',
      table: 'users',
      column: 'password_hash',
      _t: '1700000000000',
    });
    expect(parsed).toEqual({
      orgName: '人民医院',
      auditStatus: undefined,
      orgType: undefined,
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('refuses search text over 30 characters and values outside a filter range', () => {
    const long = lookupQuerySchema('tax').safeParse({ taxName: '税'.repeat(31) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('最多输入30个字符');
    expect(lookupQuerySchema('tax').safeParse({ taxName: '税'.repeat(30) }).success).toBe(true);
    expect(lookupQuerySchema('enterprise').safeParse({ status: '7' }).success).toBe(false);
    expect(lookupQuerySchema('customer').safeParse({ cusType: 'bank' }).success).toBe(false);
    expect(lookupQuerySchema('customer').parse({ cusType: 'hospital' }).cusType).toBe('hospital');
  });
});

describe('disabled rows', () => {
  it('marks tenants of status 0 and enterprises of status 2, unless a status filter was given', () => {
    expect(lookupRowDisabled('tenant', 0, undefined)).toBe(true);
    expect(lookupRowDisabled('enterpriseTenant', 0, undefined)).toBe(true);
    expect(lookupRowDisabled('tenant', 1, undefined)).toBe(false);
    expect(lookupRowDisabled('tenant', 0, 0)).toBe(false);
    expect(lookupRowDisabled('enterprise', 2, undefined)).toBe(true);
    expect(lookupRowDisabled('enterprise', 1, undefined)).toBe(false);
    expect(lookupRowDisabled('enterprise', 2, 2)).toBe(false);
    // status values of other lookups mean something else
    expect(lookupRowDisabled('contractPerson', 0, undefined)).toBe(false);
    expect(lookupRowDisabled('employee', 2, undefined)).toBe(false);
  });

  it('prefixes the label of a disabled row with 【已禁用】', () => {
    expect(lookupOptionLabel('西南灵活用工平台', true)).toBe('【已禁用】西南灵活用工平台');
    expect(lookupOptionLabel('西南灵活用工平台', false)).toBe('西南灵活用工平台');
  });
});
