/**
 * 认证材料 (decision 0044): the person sends them from the app (each kind's types by name and by content,
 * its size, a name for the named kinds, at most 30 named files); the console reads them behind signed
 * links: the ID sides, the face photo and the video only in the desensitized view, the named files with
 * the account info itself.
 */
import {
  MASKED_IMAGE,
  NAMED_MATERIAL_KINDS,
  PERSON_MATERIAL_KINDS,
  PERSON_MATERIAL_MSG,
  PERSON_MATERIAL_ROUTE_PREFIX,
  PERSON_MATERIAL_RULES,
  PERSON_NAMED_MATERIALS_MAX,
  type PersonInfo,
  type PersonMaterial,
  type PersonMaterialKind,
  type workerUploadMaterialOperation,
} from '@fieldpay/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { personMaterials, persons } from '../../db/schema';
import type { WorkerPrincipal } from '../../platform/auth/worker-sessions';
import { checkedAppFile } from '../../platform/files/app-files';
import type { Services } from '../../services';

type MaterialRow = typeof personMaterials.$inferSelect;

const materialOf = (row: MaterialRow): PersonMaterial => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  fileName: row.fileName,
  fileSize: row.fileSize,
  createTime: row.createdAt.getTime(),
});

/**
 * POST /api/worker/profile/material: checked in one order (content not empty, the name's length, the
 * type by name and by content, the size, the count of named files under the person's row lock), then
 * stored beside the uploads.
 */
export async function uploadPersonMaterial(
  services: Services,
  worker: WorkerPrincipal,
  input: z.output<typeof workerUploadMaterialOperation.input>,
  now = new Date(),
): Promise<PersonMaterial> {
  const { db } = services.ctx;
  const rule = PERSON_MATERIAL_RULES[input.kind];
  // the refusal names the material: the app may send several at once
  const named = (message: string) => `${PERSON_MATERIAL_KINDS[input.kind]}：${message}`;
  const { bytes, extension } = checkedAppFile(input, {
    extensions: rule.extensions,
    maxBytes: rule.maxMb * 1024 * 1024,
    empty: PERSON_MATERIAL_MSG.fileEmpty,
    nameTooLong: PERSON_MATERIAL_MSG.fileNameTooLong,
    wrongType: named(rule.wrongType),
    tooLarge: named(rule.tooLarge),
  });
  // one upload of the person at a time, so the count holds when two race
  await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.tenantId, worker.tenantId), eq(persons.id, worker.personId)))
    .for('update');
  if (NAMED_MATERIAL_KINDS.includes(input.kind)) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(personMaterials)
      .where(
        and(
          eq(personMaterials.tenantId, worker.tenantId),
          eq(personMaterials.personId, worker.personId),
          inArray(personMaterials.kind, [...NAMED_MATERIAL_KINDS]),
        ),
      );
    if (n >= PERSON_NAMED_MATERIALS_MAX) throw fail.rule(PERSON_MATERIAL_MSG.tooMany);
  }
  const { storageKey, sha256 } = await services.files.putAppBytes(worker.tenantId, extension, bytes, now);
  const [row] = await db
    .insert(personMaterials)
    .values({
      tenantId: worker.tenantId,
      personId: worker.personId,
      kind: input.kind,
      title: NAMED_MATERIAL_KINDS.includes(input.kind) ? input.title : '',
      fileName: input.fileName,
      extension,
      fileSize: bytes.length,
      sha256,
      storageKey,
      createdAt: now,
    })
    .returning();
  return materialOf(row);
}

/** The person's materials that count: the latest of each single kind, every named file; oldest first. */
async function materialsThatCount(db: DbOrTx, tenantId: number, personId: number): Promise<MaterialRow[]> {
  const rows = await db
    .select()
    .from(personMaterials)
    .where(and(eq(personMaterials.tenantId, tenantId), eq(personMaterials.personId, personId)))
    .orderBy(asc(personMaterials.id));
  const named = (row: MaterialRow) => NAMED_MATERIAL_KINDS.includes(row.kind as PersonMaterialKind);
  // rows come oldest first: the last of each single kind stays
  const latest = new Map(rows.filter((row) => !named(row)).map((row) => [row.kind, row]));
  const kept = new Set(latest.values());
  return rows.filter((row) => named(row) || kept.has(row));
}

/** GET /api/worker/profile/materials. */
export async function workerMaterials(db: DbOrTx, worker: WorkerPrincipal): Promise<PersonMaterial[]> {
  return (await materialsThatCount(db, worker.tenantId, worker.personId)).map(materialOf);
}

/** The stable reference a material's link is signed for (outside the files' key pattern, see links.ts). */
export const materialRef = (row: Pick<MaterialRow, 'tenantId' | 'personId' | 'id'>) => ({
  tenantId: row.tenantId,
  fileKey: `person-material:${row.personId}:${row.id}`,
});
const materialLink = (services: Services, row: MaterialRow) =>
  services.files.linkAt(`${PERSON_MATERIAL_ROUTE_PREFIX}/${row.tenantId}/${row.id}`, materialRef(row)).url;

type InfoMaterials = Pick<
  PersonInfo,
  'frontCard' | 'backCard' | 'faceImage' | 'videoAddress' | 'userAuthVoList' | 'skillCerts'
>;

/**
 * The account info's materials: the ID sides as 0 (none), 1 (masked) or their link; the face and the
 * video as '' (none), the masked placeholder or their link; the named kinds grouped by name, linked.
 */
export async function infoMaterials(
  services: Services,
  person: { tenantId: number; id: number },
  unmasked: boolean,
): Promise<InfoMaterials> {
  const rows = await materialsThatCount(services.ctx.db, person.tenantId, person.id);
  const single = (kind: PersonMaterialKind) => rows.find((row) => row.kind === kind);
  const side = (kind: PersonMaterialKind): 0 | 1 | string => {
    const row = single(kind);
    return !row ? 0 : unmasked ? materialLink(services, row) : 1;
  };
  const shown = (kind: PersonMaterialKind): string => {
    const row = single(kind);
    return !row ? '' : unmasked ? materialLink(services, row) : MASKED_IMAGE;
  };
  const groups = (kind: PersonMaterialKind) => {
    const byTitle = new Map<string, MaterialRow[]>();
    for (const row of rows.filter((candidate) => candidate.kind === kind)) {
      byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row]);
    }
    return [...byTitle.entries()].map(([title, files]) => ({
      id: files[0].id,
      title,
      files: files.map((file) => ({
        name: file.fileName,
        fileAddress: materialLink(services, file),
        fileSize: file.fileSize,
        createTime: file.createdAt.getTime(),
      })),
    }));
  };
  return {
    frontCard: side('idFront'),
    backCard: side('idBack'),
    faceImage: shown('face'),
    videoAddress: shown('video'),
    userAuthVoList: groups('auth').map((group) => ({ authTypeName: group.title, fileList: group.files })),
    skillCerts: groups('skill').map((group) => ({ id: group.id, name: group.title, enclosures: group.files })),
  };
}

/**
 * The material a signed link names, whatever the session (a signed link is its own permission, as for
 * files): the caller checks the signature against materialRef(row).
 */
export function unsafeMaterialForLink(services: Services, tenantId: number, id: number): Promise<MaterialRow | null> {
  return services.ctx.scopes
    .withSystem('person material: one file by its signed address, checked by the caller', (db) =>
      db
        .select()
        .from(personMaterials)
        .where(and(eq(personMaterials.tenantId, tenantId), eq(personMaterials.id, id))),
    )
    .then(([row]) => row ?? null);
}
