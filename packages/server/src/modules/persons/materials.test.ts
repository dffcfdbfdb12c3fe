/**
 * 认证材料 (spec 3 §2 "Natural-person account info", §3; decision 0044): the person sends them from the
 * app, each kind checked by name, content and size, named kinds with a name and at most 30 files; the
 * platform's staff see the ID sides, the face and the video only in the desensitized view and the named
 * files always, each behind a signed link that nothing else opens.
 */
import {
  type LoginUserInfo,
  MSG,
  PERSON_MATERIAL_MSG,
  PERSON_NAMED_MATERIALS_MAX,
  PERSON_MATERIAL_RULES,
} from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, unmaskToken, useTestApp } from '../../../test/app';
import { pdfOf, pngOf } from '../../../test/file-fixtures';
import { createLookupWorld, type LookupWorld } from '../../../test/lookups';
import { createWorker, type Worker } from '../../../test/workers';
import { personMaterials } from '../../db/schema';

const t = useTestApp();
let world: LookupWorld;
let worker: Worker;

const send = (who: Worker, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/worker/profile/material',
    payload,
    headers: { 'x-access-token': who.token },
  });
const file = (kind: string, fileName: string, bytes: Buffer, title = '') => ({
  kind,
  title,
  fileName,
  content: bytes.toString('base64'),
});
const info = async (who: LoginUserInfo, tempToken?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/sys/person/info',
      query: { userId: String(worker.personId), ...(tempToken ? { tempToken } : {}) },
      headers: authHeaders(who),
    })
  ).json();
const pathOf = (link: string) => new URL(link, 'http://localhost').pathname + new URL(link, 'http://localhost').search;

beforeAll(async () => {
  world = await createLookupWorld(t);
  worker = await createWorker(t, world.tenantA);
});

describe('认证材料', () => {
  it('takes each kind with 上传成功 and refuses a wrong type, a missing name and an empty file', async () => {
    for (const [kind, name] of [
      ['idFront', '人像面.png'],
      ['idBack', '国徽面.png'],
      ['face', '人脸.png'],
    ] as const) {
      const answer = await send(worker, file(kind, name, pngOf(8, 8)));
      expect(answer.json()).toMatchObject({ success: true, message: PERSON_MATERIAL_MSG.uploaded });
    }
    const auth = await send(worker, file('auth', '备案凭证.pdf', pdfOf(), '医药代表备案'));
    expect(auth.json()).toMatchObject({ success: true, result: { kind: 'auth', title: '医药代表备案' } });
    await send(worker, file('skill', '资格证.png', pngOf(6, 6), '执业药师资格证书'));
    await send(worker, file('skill', '资格证-背面.png', pngOf(6, 7), '执业药师资格证书'));

    const refusals: Array<[Record<string, unknown>, string]> = [
      [file('idFront', '人像面.pdf', pdfOf()), MSG.imageWrongType],
      [file('idFront', '人像面.png', pdfOf()), MSG.imageWrongType],
      [file('video', '视频.mp4', pngOf(4, 4)), PERSON_MATERIAL_RULES.video.wrongType],
      [file('auth', '备案凭证.pdf', pdfOf()), PERSON_MATERIAL_MSG.titleRequired],
      [file('face', '人脸.png', Buffer.alloc(0)), PERSON_MATERIAL_MSG.fileEmpty],
    ];
    for (const [payload, message] of refusals) {
      const answer = await send(worker, payload);
      expect(answer.json(), message).toMatchObject({ success: false });
      expect(answer.json().message).toContain(message);
    }
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/worker/profile/materials',
      headers: { 'x-access-token': worker.token },
    });
    expect(mine.json().result.map((item: { kind: string }) => item.kind)).toEqual([
      'idFront',
      'idBack',
      'face',
      'auth',
      'skill',
      'skill',
    ]);
  });

  it('a newer ID side replaces the earlier one', async () => {
    await send(worker, file('idFront', '人像面-新.png', pngOf(9, 9)));
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/worker/profile/materials',
      headers: { 'x-access-token': worker.token },
    });
    const fronts = mine.json().result.filter((item: { kind: string }) => item.kind === 'idFront');
    expect(fronts.map((item: { fileName: string }) => item.fileName)).toEqual(['人像面-新.png']);
  });

  it('shows the staff the ID sides and the face only unmasked, the named files always, by signed links', async () => {
    const masked = (await info(world.staffA)).result;
    expect(masked).toMatchObject({ frontCard: 1, backCard: 1, faceImage: '1', videoAddress: '' });
    expect(masked.userAuthVoList).toEqual([
      {
        authTypeName: '医药代表备案',
        fileList: [
          expect.objectContaining({ name: '备案凭证.pdf', fileAddress: expect.any(String), fileSize: pdfOf().length }),
        ],
      },
    ]);
    expect(masked.skillCerts).toEqual([
      {
        id: expect.any(Number),
        name: '执业药师资格证书',
        enclosures: [
          expect.objectContaining({ name: '资格证.png', fileAddress: expect.any(String) }),
          expect.objectContaining({ name: '资格证-背面.png', createTime: expect.any(Number) }),
        ],
      },
    ]);
    const pdf = await t.app.inject({ method: 'GET', url: pathOf(masked.userAuthVoList[0].fileList[0].fileAddress) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const clear = (await info(world.staffA, await unmaskToken(t, world.staffA))).result;
    expect(typeof clear.frontCard).toBe('string');
    const front = await t.app.inject({ method: 'GET', url: pathOf(clear.frontCard) });
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/png');
    expect(front.rawPayload.equals(pngOf(9, 9))).toBe(true);
    // the signature covers the material: another id, a changed signature or no signature opens nothing
    const url = new URL(clear.frontCard, 'http://localhost');
    const otherId = url.pathname.replace(/\/(\d+)$/, (_, id) => `/${Number(id) + 1}`);
    expect((await t.app.inject({ method: 'GET', url: `${otherId}${url.search}` })).statusCode).toBe(403);
    url.searchParams.set('sign', 'f'.repeat(64));
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(400);
  });

  it('refuses another platform’s staff and more than 30 named files', async () => {
    expect((await info(world.staffB)).success).toBe(false);
    const other = await createWorker(t, world.tenantA);
    await t.database.db.insert(personMaterials).values(
      Array.from({ length: PERSON_NAMED_MATERIALS_MAX }, (_, index) => ({
        tenantId: world.tenantA,
        personId: other.personId,
        kind: 'skill',
        title: '证书',
        fileName: `证书${index}.png`,
        extension: 'png',
        fileSize: 1,
        sha256: '0'.repeat(64),
        storageKey: `missing/${index}.png`,
      })),
    );
    const answer = await send(other, file('skill', '再一个.png', pngOf(4, 4), '证书'));
    expect(answer.json()).toMatchObject({ success: false, message: PERSON_MATERIAL_MSG.tooMany });
    // single kinds do not count
    expect((await send(other, file('face', '人脸.png', pngOf(4, 4)))).json().success).toBe(true);
  });
});
