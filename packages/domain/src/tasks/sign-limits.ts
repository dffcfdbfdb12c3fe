/**
 * The sign-in and sign-out limits of an ordinary service (cgfw, spec 1 §3 project service type:
 * signInLimit and signOutLimit, each with signIn/signOut plus location, photo, album, uploadFile).
 * The service type stores them as `{ key: number }`; the automatic audit (decision 0017) reads
 * them with these defaults when a key is missing, and the project form shows the same values.
 *
 * - signIn / signOut: 1 the leg is required, 0 it is not (then the leg's other flags are not checked);
 * - location: 1 the point must lie within locationScope metres of the planned point;
 * - photo: the minimum number of photos of the leg (the form's 拍照 box is "at least one");
 * - album: 1 album photos are allowed, 0 camera only (either leg at 0 forbids them on both);
 * - uploadFile (sign-out): 1 feedback attachments are required (they come with the submission,
 *   there is no file at check-in, so the sign-in leg has none);
 * - minutes (sign-out): the minimum visit minutes, kept as stored (no form field).
 */
import { TASK_PHOTO_SOURCES } from './statuses';

export type SignLeg = 'signIn' | 'signOut';
export type SignLimit = Record<string, number>;
export type SignLimitFlag = 'signIn' | 'signOut' | 'location' | 'photo' | 'album' | 'uploadFile';

/** What the audit assumes for a key the service type does not set. */
export const SIGN_LIMIT_DEFAULTS: Readonly<Record<SignLeg, Readonly<Record<string, number>>>> = {
  signIn: { signIn: 1, location: 1, photo: 1, album: 1 },
  signOut: { signOut: 1, location: 1, photo: 0, album: 1, uploadFile: 0 },
};

const FLAG_LABELS: Readonly<Record<SignLimitFlag, string>> = {
  signIn: '签到',
  signOut: '签退',
  location: '定位',
  photo: TASK_PHOTO_SOURCES.camera,
  album: TASK_PHOTO_SOURCES.album,
  uploadFile: '上传附件',
};

/** The flags each leg offers, in the form's order; the first is the leg itself. */
export const SIGN_LIMIT_FLAGS: Readonly<Record<SignLeg, readonly { key: SignLimitFlag; label: string }[]>> = {
  signIn: (['signIn', 'location', 'photo', 'album'] as const).map((key) => ({ key, label: FLAG_LABELS[key] })),
  signOut: (['signOut', 'location', 'photo', 'album', 'uploadFile'] as const).map((key) => ({
    key,
    label: FLAG_LABELS[key],
  })),
};

/** What one key of a leg's limit means: the stored value, else the default (0 for a key without one). */
export const signLimitValue = (limit: SignLimit | null | undefined, leg: SignLeg, key: string): number =>
  limit && typeof limit[key] === 'number' ? limit[key] : (SIGN_LIMIT_DEFAULTS[leg][key] ?? 0);

/** The flags of a leg that are on (photo: at least one photo). */
export const signLimitFlagsOn = (limit: SignLimit | null | undefined, leg: SignLeg): SignLimitFlag[] =>
  SIGN_LIMIT_FLAGS[leg].filter(({ key }) => signLimitValue(limit, leg, key) > 0).map(({ key }) => key);

/**
 * A leg's limit with the given flags on and the others off: every flag of the leg is written out,
 * a photo count above one is kept while 拍照 stays on, other stored keys (minutes) are kept.
 */
export function signLimitWithFlags(
  limit: SignLimit | null | undefined,
  leg: SignLeg,
  on: readonly string[],
): SignLimit {
  const next: SignLimit = { ...(limit ?? {}) };
  for (const { key } of SIGN_LIMIT_FLAGS[leg]) {
    const was = signLimitValue(limit, leg, key);
    next[key] = on.includes(key) ? Math.max(was, 1) : 0;
  }
  return next;
}
