/**
 * The automatic audit (decision 0017): pure rules over what a worker submitted and the rules of the
 * task's service type. The server runs it on submission and stores the reasons as the task's remarks,
 * which the console shows as the AI audit rejection reasons. No reasons: the task passes (auditStatus 4).
 */
import type { TaskTypeId } from '../status';
import { AUTO_AUDIT_REASON } from './messages';
import { signLimitValue } from './sign-limits';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** China's extent in GCJ-02 (the only datum the app reports): anything outside is a broken fix. */
export const CHINA_BOUNDS = { minLat: 3.86, maxLat: 53.56, minLng: 73.66, maxLng: 135.05 } as const;

export const isInChina = ({ lat, lng }: GeoPoint): boolean =>
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  lat >= CHINA_BOUNDS.minLat &&
  lat <= CHINA_BOUNDS.maxLat &&
  lng >= CHINA_BOUNDS.minLng &&
  lng <= CHINA_BOUNDS.maxLng;

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine); GCJ-02's offsets are locally uniform, so it holds there. */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What each task type is checked for when its service type sets nothing else. */
export interface TaskTypeRule {
  /** done on site: check-in and check-out near the planned point */
  onsite: boolean;
  /** minimum minutes between check-in and check-out */
  minVisitMinutes: number;
  /** minimum total seconds of valid calls (dhbf) */
  minCallSeconds: number;
  /** minimum total seconds of material reading (ppxc) */
  minReadSeconds: number;
  /** a questionnaire is answered (wjdy) */
  answers: boolean;
  /** a summary (sumUp) is written */
  sumUp: boolean;
  /** photo groups (meeting photos, feedback attachments) are uploaded */
  photoGroups: boolean;
}

const base: TaskTypeRule = {
  onsite: false,
  minVisitMinutes: 0,
  minCallSeconds: 0,
  minReadSeconds: 0,
  answers: false,
  sumUp: false,
  photoGroups: false,
};
const meeting: TaskTypeRule = { ...base, onsite: true, minVisitMinutes: 30, sumUp: true, photoGroups: true };

export const TASK_TYPE_RULES: Readonly<Record<TaskTypeId, TaskTypeRule>> = {
  cgfw: { ...base, onsite: true, minVisitMinutes: 10, sumUp: true },
  ptfw: { ...base, onsite: true, minVisitMinutes: 10, sumUp: true },
  dhbf: { ...base, minCallSeconds: 60, sumUp: true },
  ppxc: { ...base, minReadSeconds: 30 },
  wjdy: { ...base, answers: true },
  cpzr: { ...base, sumUp: true, photoGroups: true },
  other: { ...base, sumUp: true },
  xueShu_chengShi: meeting,
  xueShu_keShi: meeting,
  xueShu_tongYong: meeting,
};

/** A check-in's planned radius when the service type sets none. */
export const DEFAULT_LOCATION_SCOPE_M = 500;

/**
 * The service type's rules (spec 1 §3 project service type): locationScope in metres; signInLimit and
 * signOutLimit flags as `sign-limits.ts` reads them (signIn / signOut, location, photo, album,
 * uploadFile, with their defaults), and on signOutLimit minutes (minimum visit minutes).
 */
export interface ServiceTypeRules {
  visitId: TaskTypeId;
  locationScope: number | null;
  signInLimit: Record<string, number> | null;
  signOutLimit: Record<string, number> | null;
}

export interface SubmittedPhoto {
  source: 'camera' | 'album';
}

export interface SubmittedPoint extends GeoPoint {
  /** epoch ms */
  at: number;
  photos: readonly SubmittedPhoto[];
}

export interface SubmittedQuestion {
  /** 1-based number as the questionnaire shows it */
  number: number;
  required: boolean;
  answered: boolean;
}

export interface SubmittedTask {
  planned: GeoPoint | null;
  checkIn: SubmittedPoint | null;
  checkOut: SubmittedPoint | null;
  callSeconds: readonly number[];
  materialSeconds: readonly number[];
  /** the questionnaire's questions with whether each was answered; null when the task has none */
  questions: readonly SubmittedQuestion[] | null;
  sumUp: string;
  /** photos in the submitted photo groups */
  groupPhotoCount: number;
}

const flag = (limit: Record<string, number> | null, key: string, fallback: number): number =>
  limit && typeof limit[key] === 'number' ? limit[key] : fallback;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The reasons the automatic audit rejects a submission for; empty when it passes. */
export function autoAuditReasons(rules: ServiceTypeRules, task: SubmittedTask): string[] {
  const type = TASK_TYPE_RULES[rules.visitId];
  const reasons: string[] = [];
  const scope = rules.locationScope ?? DEFAULT_LOCATION_SCOPE_M;

  if (type.onsite) {
    const legs = [
      { point: task.checkIn, limit: rules.signInLimit, leg: 'signIn', photos: AUTO_AUDIT_REASON.signInPhotos },
      { point: task.checkOut, limit: rules.signOutLimit, leg: 'signOut', photos: AUTO_AUDIT_REASON.signOutPhotos },
    ] as const;
    for (const [index, leg] of legs.entries()) {
      if (signLimitValue(leg.limit, leg.leg, leg.leg) === 0) continue;
      if (!leg.point) {
        reasons.push(index === 0 ? AUTO_AUDIT_REASON.noCheckIn : AUTO_AUDIT_REASON.noCheckOut);
        continue;
      }
      if (task.planned && signLimitValue(leg.limit, leg.leg, 'location') !== 0) {
        const metres = Math.round(distanceMetres(task.planned, leg.point));
        if (metres > scope) {
          reasons.push(
            index === 0
              ? AUTO_AUDIT_REASON.checkInTooFar(metres, scope)
              : AUTO_AUDIT_REASON.checkOutTooFar(metres, scope),
          );
        }
      }
      const needPhotos = signLimitValue(leg.limit, leg.leg, 'photo');
      if (leg.point.photos.length < needPhotos) reasons.push(leg.photos(needPhotos, leg.point.photos.length));
    }
    const albumAllowed =
      signLimitValue(rules.signInLimit, 'signIn', 'album') !== 0 &&
      signLimitValue(rules.signOutLimit, 'signOut', 'album') !== 0;
    const photos = [...(task.checkIn?.photos ?? []), ...(task.checkOut?.photos ?? [])];
    if (!albumAllowed && photos.some((photo) => photo.source === 'album')) {
      reasons.push(AUTO_AUDIT_REASON.albumNotAllowed);
    }
    const minMinutes = flag(rules.signOutLimit, 'minutes', type.minVisitMinutes);
    if (task.checkIn && task.checkOut && minMinutes > 0) {
      const minutes = Math.floor((task.checkOut.at - task.checkIn.at) / 60_000);
      if (minutes < minMinutes) reasons.push(AUTO_AUDIT_REASON.visitTooShort(minMinutes, minutes));
    }
  }

  if (type.minCallSeconds > 0) {
    if (task.callSeconds.length === 0) reasons.push(AUTO_AUDIT_REASON.noCalls);
    else if (sum(task.callSeconds) < type.minCallSeconds) {
      reasons.push(AUTO_AUDIT_REASON.callsTooShort(type.minCallSeconds, sum(task.callSeconds)));
    }
  }
  if (type.minReadSeconds > 0) {
    if (task.materialSeconds.length === 0) reasons.push(AUTO_AUDIT_REASON.noMaterials);
    else if (sum(task.materialSeconds) < type.minReadSeconds) {
      reasons.push(AUTO_AUDIT_REASON.readingTooShort(type.minReadSeconds, sum(task.materialSeconds)));
    }
  }
  if (type.answers) {
    const questions = task.questions ?? [];
    if (!questions.some((question) => question.answered)) reasons.push(AUTO_AUDIT_REASON.noAnswers);
    else {
      const missing = questions.filter((question) => question.required && !question.answered);
      if (missing.length)
        reasons.push(AUTO_AUDIT_REASON.questionUnanswered(missing.map((question) => question.number)));
    }
  }
  if (type.sumUp && task.sumUp.trim() === '') reasons.push(AUTO_AUDIT_REASON.noFeedback);
  if (type.photoGroups && task.groupPhotoCount === 0) reasons.push(AUTO_AUDIT_REASON.photoGroupsRequired);
  else if (
    !type.photoGroups &&
    signLimitValue(rules.signOutLimit, 'signOut', 'uploadFile') > 0 &&
    task.groupPhotoCount === 0
  ) {
    reasons.push(AUTO_AUDIT_REASON.attachmentsRequired);
  }
  return reasons;
}

/** The remarks column holds the reasons one per line. */
export const REMARKS_SEPARATOR = '\n';
export const remarksOf = (reasons: readonly string[]): string => reasons.join(REMARKS_SEPARATOR);
export const reasonsOf = (remarks: string | null | undefined): string[] =>
  remarks ? remarks.split(REMARKS_SEPARATOR).filter(Boolean) : [];
