import { describe, expect, it } from 'vitest';
import { SIGN_LIMIT_FLAGS, signLimitFlagsOn, signLimitValue, signLimitWithFlags } from './sign-limits';

describe('sign limits', () => {
  it('labels each leg as the form shows it', () => {
    expect(SIGN_LIMIT_FLAGS.signIn.map((flag) => flag.label)).toEqual(['签到', '定位', '拍照', '相册']);
    expect(SIGN_LIMIT_FLAGS.signOut.map((flag) => flag.label)).toEqual(['签退', '定位', '拍照', '相册', '上传附件']);
  });

  it('reads a missing limit as the audit does', () => {
    expect(signLimitFlagsOn(null, 'signIn')).toEqual(['signIn', 'location', 'photo', 'album']);
    expect(signLimitFlagsOn(null, 'signOut')).toEqual(['signOut', 'location', 'album']);
    expect(signLimitValue({ photo: 3 }, 'signIn', 'photo')).toBe(3);
    expect(signLimitValue({}, 'signOut', 'minutes')).toBe(0);
  });

  it('writes every flag of the leg, keeps a photo count while 拍照 stays on and other keys', () => {
    expect(signLimitWithFlags(null, 'signOut', ['signOut', 'photo', 'uploadFile'])).toEqual({
      signOut: 1,
      location: 0,
      photo: 1,
      album: 0,
      uploadFile: 1,
    });
    expect(signLimitWithFlags({ photo: 2, minutes: 15 }, 'signOut', ['signOut', 'photo'])).toMatchObject({
      photo: 2,
      minutes: 15,
    });
    expect(signLimitWithFlags({ photo: 2 }, 'signIn', ['signIn'])).toEqual({
      signIn: 1,
      location: 0,
      photo: 0,
      album: 0,
    });
  });
});
