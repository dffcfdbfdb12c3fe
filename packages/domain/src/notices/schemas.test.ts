import { describe, expect, it } from 'vitest';
import {
  NOTICE_READ_FLAG,
  NOTICE_TYPES,
  noticeLinkSchema,
  noticeListQuerySchema,
  noticeReadBodySchema,
} from './schemas';
import { sensitiveCheckBodySchema, sensitiveWordAddBodySchema } from '../sensitive-words/schemas';

describe('notice payloads', () => {
  it('links only into the console', () => {
    for (const link of ['/company/catchSystem/orderGenerateCache', '/settlement/list?isPage=notice&id=12'])
      expect(noticeLinkSchema.safeParse(link).success, link).toBe(true);
    for (const link of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/a b', '/"onmouseover', ''])
      expect(noticeLinkSchema.safeParse(link).success, link).toBe(false);
  });

  it('filters by readFlag 0 or 1 only, and pages like every list', () => {
    expect(noticeListQuerySchema.parse({ readFlag: '0' })).toEqual({ pageNo: 1, pageSize: 20, readFlag: 0 });
    expect(noticeListQuerySchema.parse({ readFlag: '1', pageNo: '2' }).readFlag).toBe(1);
    expect(noticeListQuerySchema.parse({}).readFlag).toBeUndefined();
    expect(noticeListQuerySchema.safeParse({ readFlag: '' }).success).toBe(false);
    expect(noticeListQuerySchema.safeParse({ readFlag: '2' }).success).toBe(false);
  });

  it('asks for at least one notice to mark', () => {
    const empty = noticeReadBodySchema.safeParse({ ids: [] });
    expect(empty.success ? '' : empty.error.issues[0].message).toBe('请选择要标记的通知');
  });

  it('labels types and read flags in Chinese with tag colours', () => {
    expect(NOTICE_TYPES.settlement).toEqual({ label: '结算通知', style: 'success', color: 'success' });
    expect(NOTICE_READ_FLAG[0].label).toBe('未读');
    expect(NOTICE_READ_FLAG[1].label).toBe('已读');
  });
});

describe('sensitive-word payloads', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error?.issues[0].message;

  it('limits the checked text and the added words', () => {
    expect(firstMessage(sensitiveCheckBodySchema.safeParse({ senWords: 'x'.repeat(50_001) }))).toBe(
      '检测内容不能超过50000个字符',
    );
    expect(sensitiveCheckBodySchema.safeParse({ senWords: '' }).success).toBe(true);
    expect(firstMessage(sensitiveWordAddBodySchema.safeParse({ words: ['  '] }))).toBe('请输入敏感词');
    expect(firstMessage(sensitiveWordAddBodySchema.safeParse({ words: ['字'.repeat(31)] }))).toBe(
      '敏感词不能超过30个字符',
    );
    expect(firstMessage(sensitiveWordAddBodySchema.safeParse({ words: [] }))).toBe('请输入敏感词');
    expect(firstMessage(sensitiveWordAddBodySchema.safeParse({ words: Array(201).fill('词') }))).toBe(
      '一次最多添加200个敏感词',
    );
    expect(sensitiveWordAddBodySchema.parse({ words: [' 赌博 '] }).words).toEqual(['赌博']);
  });
});
