/**
 * The task map (spec 1 §2, decision 0022): the planned point, the check-in and the check-out drawn
 * with Leaflet, each check point joined to the planned one with its distance, and the positions the
 * worker reported in between (positionRecords) as the track from check-in to check-out. Tiles come from the
 * server's configured address; without one (the default, or offline) the points draw on a plain
 * background. A click on the map or on a point asks the server's geocoder for the address. The map
 * follows its box's size (Leaflet measures it once): inside a dialog that is still opening, or
 * after the window changes, it redraws and fits the points.
 * Coordinates are GCJ-02 as the worker's app recorded them; tiles must be of the same datum.
 */
import { formatChinaDateTime, type TaskDetail } from '@fieldpay/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { reverseGeocode } from './task-calls';

export interface MapPoint {
  key: 'planned' | 'signIn' | 'signOut';
  label: string;
  color: string;
  lat: number;
  lng: number;
  /** metres to the planned point */
  distance: number | null;
}

export const POINT_STYLE = {
  planned: { label: '计划地点', color: '#1677ff' },
  signIn: { label: '签到地点', color: '#52c41a' },
  signOut: { label: '签退地点', color: '#fa8c16' },
} as const;
export const TRACK_STYLE = { label: '轨迹点', color: '#722ed1' } as const;

/** A reported position on the track. */
export interface TrackPoint {
  lat: number;
  lng: number;
  reportedAt: number;
  /** metres to the planned point */
  distance: number | null;
}

export const trackOf = (task: Pick<TaskDetail, 'positionRecords'>): TrackPoint[] =>
  task.positionRecords.map((position) => ({
    lat: position.lat,
    lng: position.lon,
    reportedAt: position.reportedAt,
    distance: position.distance,
  }));

/** The drawable points of a task, planned first. */
export function mapPointsOf(task: Pick<TaskDetail, 'lat' | 'lon' | 'signIn' | 'signOut'>): MapPoint[] {
  const points: MapPoint[] = [];
  if (task.lat !== null && task.lon !== null) {
    points.push({ key: 'planned', ...POINT_STYLE.planned, lat: task.lat, lng: task.lon, distance: null });
  }
  for (const key of ['signIn', 'signOut'] as const) {
    const sign = task[key];
    if (sign) points.push({ key, ...POINT_STYLE[key], lat: sign.lat, lng: sign.lon, distance: sign.distance });
  }
  return points;
}

export const distanceText = (metres: number) =>
  metres >= 1000 ? `${(metres / 1000).toFixed(metres >= 10_000 ? 0 : 1)} 公里` : `${metres} 米`;

/** No track: one array for every render, so the map's effect does not redraw for a new empty one. */
const NO_TRACK: TrackPoint[] = [];

export function TaskMap({
  taskId,
  points,
  track = NO_TRACK,
  tileUrl,
}: {
  taskId: number;
  points: MapPoint[];
  track?: TrackPoint[];
  tileUrl: string;
}) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element || points.length + track.length === 0) return;
    const map = L.map(element, { attributionControl: false, zoomControl: true, maxZoom: 19 });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);

    const popupAt = (latlng: L.LatLng, title: string | null) => {
      const popup = L.popup().setLatLng(latlng).setContent('正在获取地址…').openOn(map);
      reverseGeocode(taskId, latlng.lat, latlng.lng)
        .then(({ address }) => {
          const body = document.createElement('div');
          if (title) {
            const strong = document.createElement('strong');
            strong.textContent = title;
            body.append(strong, document.createElement('br'));
          }
          body.append(address);
          popup.setContent(body);
        })
        // the client already warned; the popup says it plainly
        .catch(() => popup.setContent('地址获取失败'));
    };

    const planned = points.find((point) => point.key === 'planned');
    if (track.length > 0) {
      // the way walked: from the check-in through the reported positions to the check-out
      const ends = (key: MapPoint['key']) =>
        points.filter((point) => point.key === key).map((point) => [point.lat, point.lng] as [number, number]);
      const way = [
        ...ends('signIn'),
        ...track.map((point) => [point.lat, point.lng] as [number, number]),
        ...ends('signOut'),
      ];
      L.polyline(way, { color: TRACK_STYLE.color, weight: 3, opacity: 0.6, interactive: false }).addTo(map);
      for (const point of track) {
        const marker = L.circleMarker([point.lat, point.lng], {
          radius: 4,
          color: '#fff',
          weight: 1,
          fillColor: TRACK_STYLE.color,
          fillOpacity: 1,
          className: 'task-map-track-point',
        }).addTo(map);
        const suffix = point.distance !== null && planned ? ` · 距计划地点${distanceText(point.distance)}` : '';
        marker.bindTooltip(`${TRACK_STYLE.label} ${formatChinaDateTime(point.reportedAt)}${suffix}`, {
          direction: 'top',
          offset: [0, -4],
        });
        marker.on('click', (event: L.LeafletMouseEvent) => {
          L.DomEvent.stopPropagation(event);
          popupAt(L.latLng(point.lat, point.lng), TRACK_STYLE.label);
        });
      }
    }
    for (const point of points) {
      if (planned && point !== planned) {
        L.polyline(
          [
            [planned.lat, planned.lng],
            [point.lat, point.lng],
          ],
          { color: point.color, weight: 2, dashArray: '6 6', interactive: false },
        ).addTo(map);
      }
      const marker = L.circleMarker([point.lat, point.lng], {
        radius: point.key === 'planned' ? 9 : 7,
        color: '#fff',
        weight: 2,
        fillColor: point.color,
        fillOpacity: 1,
      }).addTo(map);
      const suffix = point.distance !== null && planned ? ` · 距计划地点${distanceText(point.distance)}` : '';
      marker.bindTooltip(`${point.label}${suffix}`, {
        permanent: true,
        direction: point.key === 'signOut' ? 'bottom' : 'top',
        className: `task-map-label task-map-label-${point.key}`,
        offset: point.key === 'signOut' ? [0, 8] : [0, -8],
      });
      marker.on('click', (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        popupAt(L.latLng(point.lat, point.lng), point.label);
      });
    }
    map.on('click', (event: L.LeafletMouseEvent) => popupAt(event.latlng, null));

    const bounds = L.latLngBounds([...points, ...track].map((point) => [point.lat, point.lng] as [number, number]));
    const fit = () => {
      if (bounds.getNorthEast().equals(bounds.getSouthWest())) {
        map.setView(bounds.getCenter(), 16);
      } else {
        map.fitBounds(bounds, { padding: [60, 60], maxZoom: 18 });
      }
    };
    const sized = () => element.clientWidth > 0 && element.clientHeight > 0;
    // a map made before its box has a size (a dialog still opening) fits the points once it has one
    let fitted = sized();
    if (fitted) fit();
    else map.setView(bounds.getCenter(), 16);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            map.invalidateSize();
            if (!fitted && sized()) {
              fitted = true;
              fit();
            }
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      map.remove();
    };
  }, [taskId, points, track, tileUrl]);

  return (
    <div
      ref={holder}
      className={tileUrl ? 'task-map' : 'task-map task-map-plain'}
      data-testid="task-map"
      role="application"
      aria-label="任务地图"
    />
  );
}
