import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_EXTENSIONS,
  bankTakesPlatformId,
  CHART,
  cacheRemainingDays,
  cutChartLabel,
  fileSizeLabel,
  MB,
  needsChartSlider,
  PAGE_SIZE,
  pageSizeOptions,
  showsPagination,
  snapColumnWidth,
  UPLOAD,
} from './limits';

const DAY = 86_400_000;

describe('paging', () => {
  it('offers the page sizes of each list type', () => {
    expect(pageSizeOptions(1)).toEqual([20, 50, 100]);
    expect(pageSizeOptions(2)).toEqual([10, 20, 50]);
    expect(pageSizeOptions(3)).toEqual([20, 50, 100, 200, 500]);
    expect(pageSizeOptions(4)).toEqual([100]);
    expect(pageSizeOptions(5)).toEqual([30]);
    expect(pageSizeOptions(6)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows pagination only beyond one page', () => {
    expect(showsPagination(20, PAGE_SIZE.default)).toBe(false);
    expect(showsPagination(21, PAGE_SIZE.default)).toBe(true);
    expect(showsPagination(0, PAGE_SIZE.remoteSelect)).toBe(false);
  });
});

describe('download cache validity', () => {
  const created = new Date(2025, 0, 1, 10, 0, 0);

  it('is 7 minus whole days since creation', () => {
    expect(cacheRemainingDays(created, created)).toBe(7);
    expect(cacheRemainingDays(created, created.getTime() + DAY - 1)).toBe(7);
    expect(cacheRemainingDays(created, created.getTime() + DAY)).toBe(6);
    expect(cacheRemainingDays(created, created.getTime() + 6.5 * DAY)).toBe(1);
  });

  it('never goes below 0 nor above 7', () => {
    expect(cacheRemainingDays(created, created.getTime() + 7 * DAY)).toBe(0);
    expect(cacheRemainingDays(created, created.getTime() + 30 * DAY)).toBe(0);
    expect(cacheRemainingDays(created, created.getTime() - DAY)).toBe(7);
  });
});

describe('uploads', () => {
  it('keeps the spec figures', () => {
    expect(UPLOAD.agreementMaxBytes).toBe(50 * MB);
    expect(UPLOAD.defaultManagerFileSizeMb).toBe(10);
    expect(ATTACHMENT_EXTENSIONS.settleReport).toEqual(['pdf']);
    expect(ATTACHMENT_EXTENSIONS.invoice).toContain('ofd');
  });

  it('labels sizes in M, and in KB under 1 MB', () => {
    expect(fileSizeLabel(3 * MB)).toBe('3M');
    expect(fileSizeLabel(50 * MB)).toBe('50M');
    expect(fileSizeLabel(1.5 * MB)).toBe('1.5M');
    expect(fileSizeLabel(500 * 1024)).toBe('500KB');
  });

  it('labels sizes under 1 KB in bytes, never 0KB', () => {
    expect(fileSizeLabel(0)).toBe('0B');
    expect(fileSizeLabel(300)).toBe('300B');
    expect(fileSizeLabel(1023)).toBe('1023B');
    expect(fileSizeLabel(1024)).toBe('1KB');
  });
});

describe('charts and columns', () => {
  it('has ten colours', () => {
    expect(CHART.palette).toHaveLength(10);
    expect(new Set(CHART.palette).size).toBe(10);
  });

  it('cuts labels at 8 characters', () => {
    expect(cutChartLabel('阿莫西林胶囊')).toBe('阿莫西林胶囊');
    expect(cutChartLabel('复方甘草酸苷注射液体')).toBe('复方甘草酸苷注射...');
    expect(cutChartLabel('12345678')).toBe('12345678');
  });

  it('adds a slider above 10 bars, above 6 for person bars', () => {
    expect(needsChartSlider(10, 'default')).toBe(false);
    expect(needsChartSlider(11, 'default')).toBe(true);
    expect(needsChartSlider(6, 'person')).toBe(false);
    expect(needsChartSlider(7, 'person')).toBe(true);
  });

  it('snaps column widths below 10 to 10', () => {
    expect(snapColumnWidth(3)).toBe(10);
    expect(snapColumnWidth(120)).toBe(120);
  });
});

describe('banks', () => {
  it('sends platformId except for CMB and SCP', () => {
    expect(bankTakesPlatformId('CMB')).toBe(false);
    expect(bankTakesPlatformId('SCP')).toBe(false);
    expect(bankTakesPlatformId('ICBC')).toBe(true);
  });
});
