import { describe, expect, it } from 'vitest';
import { areaOfPath, type CityTreeNode, pathOfArea } from './regions';

const tree: CityTreeNode[] = [
  {
    value: '330000',
    label: '浙江省',
    children: [{ value: '330100', label: '杭州市', children: [{ value: '330102', label: '上城区' }] }],
  },
];

describe('areaOfPath', () => {
  it('names each level of a cascader path from the tree', () => {
    expect(areaOfPath(['330000', '330100', '330102'], tree)).toEqual({
      provinceId: '330000',
      province: '浙江省',
      cityId: '330100',
      city: '杭州市',
      areaId: '330102',
      area: '上城区',
    });
  });

  it('leaves the levels not chosen empty, and knows no province outside the tree', () => {
    expect(areaOfPath(['330000'], tree)).toMatchObject({ province: '浙江省', cityId: '', city: '', area: '' });
    expect(areaOfPath(['330000', '339900'], tree)).toMatchObject({ province: '浙江省', city: '' });
    expect(areaOfPath(['110000'], tree)).toBeNull();
    expect(areaOfPath([], tree)).toBeNull();
  });
});

describe('pathOfArea', () => {
  it('finds the codes of named divisions, as deep as the names go, and round-trips with areaOfPath', () => {
    const names = { province: '浙江省', city: '杭州市', area: '上城区' };
    expect(pathOfArea(names, tree)).toEqual(['330000', '330100', '330102']);
    expect(areaOfPath(pathOfArea(names, tree), tree)).toMatchObject(names);
    expect(pathOfArea({ province: '浙江省', city: '杭州市', area: '' }, tree)).toEqual(['330000', '330100']);
    expect(pathOfArea({ province: '浙江省', city: '宁波市', area: '海曙区' }, tree)).toEqual(['330000']);
    expect(pathOfArea({ province: '广东省', city: '广州市', area: '' }, tree)).toEqual([]);
    expect(pathOfArea({ province: '', city: '', area: '' }, tree)).toEqual([]);
  });
});
