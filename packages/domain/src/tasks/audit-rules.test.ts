import { describe, expect, it } from 'vitest';
import {
  autoAuditReasons,
  distanceMetres,
  isInChina,
  remarksOf,
  reasonsOf,
  type ServiceTypeRules,
  type SubmittedTask,
} from './audit-rules';
import { AUTO_AUDIT_REASON } from './messages';

const PLANNED = { lat: 30.2776, lng: 120.1253 };
const HOUR = 3_600_000;
const camera = { source: 'camera' as const };
const onsite = (change: Partial<SubmittedTask> = {}): SubmittedTask => ({
  planned: PLANNED,
  checkIn: { ...PLANNED, at: 9 * HOUR, photos: [camera] },
  checkOut: { ...PLANNED, at: 10 * HOUR, photos: [] },
  callSeconds: [],
  materialSeconds: [],
  questions: null,
  sumUp: '完成',
  groupPhotoCount: 0,
  ...change,
});
const rules = (change: Partial<ServiceTypeRules> = {}): ServiceTypeRules => ({
  visitId: 'cgfw',
  locationScope: 300,
  signInLimit: null,
  signOutLimit: null,
  ...change,
});

describe('distances and coordinates', () => {
  it('measures great-circle metres', () => {
    expect(Math.round(distanceMetres(PLANNED, PLANNED))).toBe(0);
    // 0.01° of latitude is about 1112 m
    expect(Math.round(distanceMetres(PLANNED, { ...PLANNED, lat: PLANNED.lat + 0.01 }))).toBe(1112);
  });

  it('accepts points in China only', () => {
    expect(isInChina(PLANNED)).toBe(true);
    expect(isInChina({ lat: 48.85, lng: 2.35 })).toBe(false);
    expect(isInChina({ lat: Number.NaN, lng: 120 })).toBe(false);
  });
});

describe('the automatic audit', () => {
  it('passes a complete on-site visit', () => {
    expect(autoAuditReasons(rules(), onsite())).toEqual([]);
  });

  it('needs a check-in and a check-out unless the service type waives them', () => {
    expect(autoAuditReasons(rules(), onsite({ checkIn: null, checkOut: null }))).toEqual([
      AUTO_AUDIT_REASON.noCheckIn,
      AUTO_AUDIT_REASON.noCheckOut,
    ]);
    expect(
      autoAuditReasons(
        rules({ signInLimit: { signIn: 0 }, signOutLimit: { signOut: 0 } }),
        onsite({ checkIn: null, checkOut: null }),
      ),
    ).toEqual([]);
  });

  it('checks the distance to the planned point against locationScope (500 m when unset), unless location is off', () => {
    const far = { ...PLANNED, lat: PLANNED.lat + 0.004, at: 9 * HOUR, photos: [camera] };
    expect(autoAuditReasons(rules(), onsite({ checkIn: far }))).toEqual([AUTO_AUDIT_REASON.checkInTooFar(445, 300)]);
    expect(autoAuditReasons(rules({ locationScope: null }), onsite({ checkIn: far }))).toEqual([]);
    expect(autoAuditReasons(rules({ signInLimit: { location: 0 } }), onsite({ checkIn: far }))).toEqual([]);
    const farOut = { ...far, at: 10 * HOUR, photos: [] };
    expect(autoAuditReasons(rules(), onsite({ checkOut: farOut }))).toEqual([
      AUTO_AUDIT_REASON.checkOutTooFar(445, 300),
    ]);
  });

  it('counts photos and refuses album photos when the service type wants the camera', () => {
    const bare = { ...PLANNED, at: 9 * HOUR, photos: [] };
    expect(autoAuditReasons(rules(), onsite({ checkIn: bare }))).toEqual([AUTO_AUDIT_REASON.signInPhotos(1, 0)]);
    expect(autoAuditReasons(rules({ signOutLimit: { photo: 2 } }), onsite())).toEqual([
      AUTO_AUDIT_REASON.signOutPhotos(2, 0),
    ]);
    const album = { ...PLANNED, at: 9 * HOUR, photos: [{ source: 'album' as const }] };
    expect(autoAuditReasons(rules(), onsite({ checkIn: album }))).toEqual([]);
    expect(autoAuditReasons(rules({ signInLimit: { album: 0 } }), onsite({ checkIn: album }))).toEqual([
      AUTO_AUDIT_REASON.albumNotAllowed,
    ]);
  });

  it('keeps the minimum visit: the type’s, or the service type’s minutes', () => {
    const short = { ...PLANNED, at: 9 * HOUR + 5 * 60_000, photos: [] };
    expect(autoAuditReasons(rules(), onsite({ checkOut: short }))).toEqual([AUTO_AUDIT_REASON.visitTooShort(10, 5)]);
    expect(autoAuditReasons(rules({ signOutLimit: { minutes: 3 } }), onsite({ checkOut: short }))).toEqual([]);
    expect(autoAuditReasons(rules({ visitId: 'xueShu_keShi' }), onsite({ groupPhotoCount: 2 }))).toEqual([]);
    expect(
      autoAuditReasons(rules({ visitId: 'xueShu_keShi' }), onsite({ checkOut: short, groupPhotoCount: 0 })),
    ).toEqual([AUTO_AUDIT_REASON.visitTooShort(30, 5), AUTO_AUDIT_REASON.photoGroupsRequired]);
  });

  it('judges calls, reading and answers by their own rules', () => {
    const remote = { ...onsite(), planned: null, checkIn: null, checkOut: null };
    expect(autoAuditReasons(rules({ visitId: 'dhbf' }), remote)).toEqual([AUTO_AUDIT_REASON.noCalls]);
    expect(autoAuditReasons(rules({ visitId: 'dhbf' }), { ...remote, callSeconds: [20, 30] })).toEqual([
      AUTO_AUDIT_REASON.callsTooShort(60, 50),
    ]);
    expect(autoAuditReasons(rules({ visitId: 'dhbf' }), { ...remote, callSeconds: [61] })).toEqual([]);
    expect(autoAuditReasons(rules({ visitId: 'ppxc' }), { ...remote, materialSeconds: [10] })).toEqual([
      AUTO_AUDIT_REASON.readingTooShort(30, 10),
    ]);
    expect(autoAuditReasons(rules({ visitId: 'ppxc' }), remote)).toEqual([AUTO_AUDIT_REASON.noMaterials]);
    const questions = [
      { number: 1, required: true, answered: false },
      { number: 2, required: false, answered: true },
      { number: 3, required: true, answered: false },
    ];
    expect(autoAuditReasons(rules({ visitId: 'wjdy' }), { ...remote, questions })).toEqual([
      AUTO_AUDIT_REASON.questionUnanswered([1, 3]),
    ]);
    expect(autoAuditReasons(rules({ visitId: 'wjdy' }), { ...remote, questions: [] })).toEqual([
      AUTO_AUDIT_REASON.noAnswers,
    ]);
    expect(autoAuditReasons(rules({ visitId: 'other' }), { ...remote, sumUp: ' ' })).toEqual([
      AUTO_AUDIT_REASON.noFeedback,
    ]);
    expect(autoAuditReasons(rules({ visitId: 'other', signOutLimit: { uploadFile: 1 } }), remote)).toEqual([
      AUTO_AUDIT_REASON.attachmentsRequired,
    ]);
  });

  it('keeps the reasons one per line in remarks', () => {
    expect(reasonsOf(remarksOf(['a', 'b']))).toEqual(['a', 'b']);
    expect(reasonsOf('')).toEqual([]);
  });
});
