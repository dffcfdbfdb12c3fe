import { TASK_DETAIL_MSG } from '@fieldpay/domain';
import { describe, expect, it, vi } from 'vitest';
import { districtOf, OfflineGeocoder, ProviderGeocoder } from './index';

const WEST_LAKE = { lat: 30.2776, lng: 120.1253, province: '浙江省', city: '杭州市', area: '西湖区' };

describe('offline geocoder', () => {
  it('names districts from the GB/T 2260 data, municipalities without their 市辖区', () => {
    expect(districtOf(WEST_LAKE)).toBe('浙江省杭州市西湖区');
    expect(districtOf({ province: '浙江', city: '杭州', area: '西湖' })).toBe('浙江省杭州市西湖区');
    expect(districtOf({ province: '上海市', city: '上海市', area: '浦东新区' })).toBe('上海市浦东新区');
    expect(districtOf({ province: '浙江省', city: '', area: '' })).toBe('浙江省');
    expect(districtOf({ province: '不存在省', city: '', area: '' })).toBeNull();
  });

  it('answers the nearest anchor within reach, and says so beyond it', async () => {
    const geocoder = new OfflineGeocoder();
    const shanghai = { lat: 31.2301, lng: 121.5359, province: '上海市', city: '上海市', area: '浦东新区' };
    expect(await geocoder.reverse({ lat: 30.28, lng: 120.13 }, [shanghai, WEST_LAKE])).toEqual({
      address: '浙江省杭州市西湖区',
      source: 'offline',
    });
    expect(await geocoder.reverse({ lat: 39.9, lng: 116.4 }, [shanghai, WEST_LAKE])).toEqual({
      address: TASK_DETAIL_MSG.placeUnknown,
      source: 'offline',
    });
  });
});

describe('provider geocoder', () => {
  const options = { url: 'https://geo.example/v3/geocode/regeo', key: 'k1', timeoutMs: 500 };

  it('asks with GCJ-02 lng,lat and the key, and answers the formatted address', async () => {
    const fetcher = vi.fn(async () =>
      Response.json({ status: '1', regeocode: { formatted_address: '浙江省杭州市西湖区文新街道文三路478号' } }),
    );
    const geocoder = new ProviderGeocoder(options, new OfflineGeocoder(), fetcher as unknown as typeof fetch);
    expect(await geocoder.reverse({ lat: 30.2776, lng: 120.1253 }, [])).toEqual({
      address: '浙江省杭州市西湖区文新街道文三路478号',
      source: 'provider',
    });
    const asked = new URL(String((fetcher.mock.calls[0] as unknown as [URL])[0]));
    expect(asked.searchParams.get('location')).toBe('120.125300,30.277600');
    expect(asked.searchParams.get('key')).toBe('k1');
  });

  it('falls back to the offline name when the provider fails or knows no address', async () => {
    for (const answer of [
      async () => {
        throw new TypeError('fetch failed');
      },
      async () => new Response('busy', { status: 503 }),
      async () => Response.json({ status: '1', regeocode: { formatted_address: [] } }),
    ]) {
      const geocoder = new ProviderGeocoder(options, new OfflineGeocoder(), vi.fn(answer) as unknown as typeof fetch);
      expect(await geocoder.reverse({ lat: 30.28, lng: 120.13 }, [WEST_LAKE])).toEqual({
        address: '浙江省杭州市西湖区',
        source: 'offline',
      });
    }
  });
});
