import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  contentRejection,
  fileExtension,
  largestUploadBytes,
  MANAGER_FILE_SIZE_CONFIG_KEY,
  wholeNumberConfig,
  MSG,
  needsZipEntryCheck,
  policyForScene,
  SIGNATURE_HEAD_BYTES,
  UPLOAD,
  type UploadedFile,
  type UploadFields,
  type UploadPolicy,
  type UploadScene,
  type UploadTarget,
  uploadFieldsSchema,
  uploadRejection,
  zipEntriesMatch,
} from '@fieldpay/domain';
import type { MultipartFile } from '@fastify/multipart';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { configs, files, type WatermarkStamp } from '../../db/schema';
import { fail } from '../../core/errors';
import { isPlatformOperator } from '../../core/tenancy';
import { fieldLabel } from '../../http/field-labels';
import type { Principal } from '../auth/sessions';
import type { AppContext } from '../context';
import { chinaDateTime } from '../china-time';
import { auditActorOf, writeAudit } from '../system/audit';
import { serverKey } from '../server-keys';
import {
  addressOf,
  checkLink,
  type Disposition,
  FILE_LINK_TTL_MS,
  type FileRef,
  type LinkCheck,
  parseAddress,
  signedLink,
  signedLinkAt,
} from './links';
import { type FileStorage, LocalDiskStorage } from './storage';
import { imageDimensions, MAX_STAMP_PIXELS, stampHash, stampImage } from './watermark';
import { zipEntryNames } from './zip-entries';

export type FileRow = typeof files.$inferSelect;

export interface ReceiveOptions {
  principal: Principal;
  ip: string;
  target: UploadTarget;
  /** files one request may carry */
  maxFilesPerRequest: number;
  /** the watermark variant takes images whatever the form says */
  forcedScene?: UploadScene;
  visibility: 'tenant' | 'public';
  watermark: boolean;
}

/** A file part saved to scratch space, not yet checked. */
interface Incoming {
  scratchPath: string;
  fileName: string;
  size: number;
  /** the client sent more than the hard cap; the rest was dropped */
  truncated: boolean;
  sha256: string;
  head: Buffer;
}

/** A checked file about to be stored. */
interface Accepted {
  incoming: Incoming;
  extension: string;
  fileKey: string;
  storageKey: string;
  /** the stamped image, when the watermark variant made one */
  stamped: { bytes: Buffer; stamp: WatermarkStamp } | null;
}

const MULTIPART_FORMAT_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION']);

/**
 * Uploads and stored files (issue 4 item 1, decision 0006): every rule of the client again on the
 * server and more (content by magic bytes, hard size cap while streaming, safe names, counts per
 * record), all-or-nothing storing, and reading only by sessions allowed to or by signed links.
 */
export class FileService {
  private readonly scratchDir: string;
  private readonly linkKey: Buffer;
  private readonly watermarkKey: Buffer;

  constructor(
    private readonly ctx: AppContext,
    readonly storage: FileStorage = new LocalDiskStorage(path.join(ctx.config.dataDir, 'files')),
  ) {
    // beside the files, so a checked upload moves into place with a rename
    this.scratchDir = path.join(ctx.config.dataDir, 'tmp', 'uploads');
    this.linkKey = serverKey(ctx.config.serverSecret, 'file-link');
    this.watermarkKey = serverKey(ctx.config.serverSecret, 'watermark');
  }

  /** The configuration value manager_file_size in MB (default 10). */
  async managerFileSizeMb(db: DbOrTx = this.ctx.db): Promise<number> {
    const [row] = await db
      .select({ content: configs.content })
      .from(configs)
      .where(eq(configs.configKey, MANAGER_FILE_SIZE_CONFIG_KEY));
    // read with the key's declared rule: a value saved before the rules existed ("1e3") is not trusted
    return wholeNumberConfig(MANAGER_FILE_SIZE_CONFIG_KEY, row?.content, UPLOAD.defaultManagerFileSizeMb);
  }

  /** Reads a multipart upload, checks every rule, then stores all its files or none. */
  async receive(request: FastifyRequest, options: ReceiveOptions): Promise<FileRow[]> {
    // a public file is readable by every tenant's sessions: only the platform operator publishes one
    if (options.visibility === 'public' && !isPlatformOperator(options.principal)) throw fail.forbidden();
    if (!request.isMultipart()) throw fail.validation(MSG.uploadFileMissing);
    const managerFileSizeMb = await this.managerFileSizeMb();
    const incoming: Incoming[] = [];
    try {
      const rawFields = await this.readParts(request, options.maxFilesPerRequest, managerFileSizeMb, incoming);
      if (incoming.length === 0) throw fail.validation(MSG.uploadFileMissing);
      const fields = parseFields(rawFields);
      const scene = options.forcedScene ?? fields.scene;
      const policy = policyForScene(scene, { managerFileSizeMb, maxBytes: fields.maxBytes, maxCount: fields.maxCount });
      const alreadyUploaded = fields.id ? await this.countOfRecord(options.principal, fields) : 0;
      const accepted: Accepted[] = [];
      for (const [index, file] of incoming.entries()) {
        accepted.push(await this.check(file, policy, alreadyUploaded + index, options));
      }
      return await this.store(accepted, { ...options, scene, fields });
    } finally {
      await Promise.all(incoming.map((file) => fs.promises.rm(file.scratchPath, { force: true })));
    }
  }

  /** A file on disk the server made on a user's behalf (the demo data's task sheets): as `receiveBytes`. */
  async receiveLocal(
    localPath: string,
    fileName: string,
    options: ReceiveOptions & { fields: UploadFields },
  ): Promise<FileRow> {
    return this.receiveBytes(await fs.promises.readFile(localPath), fileName, options);
  }

  /**
   * A file the server made on a user's behalf (the demo data's briefs, notes and certificates): the
   * same checks, storing and audit row as an upload of it, without a multipart request.
   */
  async receiveBytes(
    bytes: Uint8Array,
    fileName: string,
    options: ReceiveOptions & { fields: UploadFields },
  ): Promise<FileRow> {
    await fs.promises.mkdir(this.scratchDir, { recursive: true });
    const file: Incoming = {
      scratchPath: path.join(this.scratchDir, crypto.randomBytes(16).toString('hex')),
      fileName,
      size: bytes.length,
      truncated: false,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      head: Buffer.from(bytes.subarray(0, SIGNATURE_HEAD_BYTES)),
    };
    // storing moves the scratch copy into place; the caller keeps its own bytes
    await fs.promises.writeFile(file.scratchPath, bytes);
    try {
      const scene = options.forcedScene ?? options.fields.scene;
      const policy = policyForScene(scene, { managerFileSizeMb: await this.managerFileSizeMb() });
      const alreadyUploaded = options.fields.id ? await this.countOfRecord(options.principal, options.fields) : 0;
      const accepted = await this.check(file, policy, alreadyUploaded, options);
      const [row] = await this.store([accepted], { ...options, scene });
      return row;
    } finally {
      await fs.promises.rm(file.scratchPath, { force: true });
    }
  }

  /** Streams each file part to scratch space (capped), collects the form fields. */
  private async readParts(
    request: FastifyRequest,
    maxFiles: number,
    managerFileSizeMb: number,
    incoming: Incoming[],
  ): Promise<Record<string, string>> {
    await fs.promises.mkdir(this.scratchDir, { recursive: true });
    const fields: Record<string, string> = {};
    // a field sent before the file narrows the cap at once; otherwise the largest scene's limit holds
    let cap = largestUploadBytes(managerFileSizeMb);
    try {
      const parts = request.parts({
        // the raw name, so a name with folder parts is refused rather than silently cut to its last part
        preservePath: true,
        limits: { fileSize: cap + 1, files: maxFiles, fields: 10, fieldSize: 256, parts: maxFiles + 10 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
          continue;
        }
        const sceneField = uploadFieldsSchema.shape.scene.safeParse(fields.scene);
        if (sceneField.success) cap = policyForScene(sceneField.data, { managerFileSizeMb }).maxBytes;
        await this.toScratch(part, cap, incoming);
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'FST_FILES_LIMIT') throw fail.validation(MSG.uploadCountLimit(maxFiles));
      if (MULTIPART_FORMAT_ERRORS.has(code)) throw fail.validation(MSG.malformedJson);
      throw error;
    }
    return fields;
  }

  /** Writes one file part to scratch space, hashing it and keeping its head; nothing beyond `cap` is written. */
  private async toScratch(part: MultipartFile, cap: number, incoming: Incoming[]): Promise<void> {
    const file: Incoming = {
      scratchPath: path.join(this.scratchDir, crypto.randomBytes(16).toString('hex')),
      fileName: part.filename,
      size: 0,
      truncated: false,
      sha256: '',
      head: Buffer.alloc(0),
    };
    // listed before writing, so the caller removes the scratch file whatever happens next
    incoming.push(file);
    const hash = crypto.createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        file.size += chunk.length;
        // over the cap: keep reading the request, write nothing more
        if (file.size > cap) return done();
        hash.update(chunk);
        if (headLength < SIGNATURE_HEAD_BYTES) {
          const needed = SIGNATURE_HEAD_BYTES - headLength;
          head.push(chunk.subarray(0, needed));
          headLength += Math.min(chunk.length, needed);
        }
        done(null, chunk);
      },
    });
    await pipeline(part.file, measure, fs.createWriteStream(file.scratchPath));
    file.truncated = file.size > cap || part.file.truncated;
    file.sha256 = hash.digest('hex');
    file.head = Buffer.concat(head);
  }

  private async countOfRecord(principal: Principal, fields: UploadFields): Promise<number> {
    const [{ n }] = await this.ctx.db
      .select({ n: count() })
      .from(files)
      .where(
        and(
          eq(files.tenantId, principal.tenantId),
          eq(files.uploadPath, fields.uploadPath ?? ''),
          eq(files.bizId, fields.id ?? ''),
          eq(files.delFlag, 0),
        ),
      );
    return n;
  }

  /** The rules, in the client's order, then the content; the first failure refuses the whole request. */
  private async check(
    file: Incoming,
    policy: UploadPolicy,
    alreadyUploaded: number,
    options: ReceiveOptions,
  ): Promise<Accepted> {
    const size = file.truncated ? Math.max(file.size, policy.maxBytes + 1) : file.size;
    const rejection =
      uploadRejection({ name: file.fileName, size }, policy, alreadyUploaded) ??
      contentRejection(file.fileName, file.head, policy);
    if (rejection) throw fail.validation(rejection);
    const extension = fileExtension(file.fileName);
    if (needsZipEntryCheck(extension)) {
      const names = await zipEntryNames(file.scratchPath);
      if (!names || !zipEntriesMatch(extension, names)) throw fail.validation(policy.wrongTypeMessage);
    }
    const fileKey = crypto.randomBytes(16).toString('base64url');
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const storageKey = `t${options.principal.tenantId}/${month}/${fileKey}.${extension}`;
    const stamped = options.watermark ? await this.stamp(file, extension, options.principal) : null;
    return { incoming: file, extension, fileKey, storageKey, stamped };
  }

  private async stamp(file: Incoming, extension: string, principal: Principal): Promise<Accepted['stamped']> {
    const bytes = await fs.promises.readFile(file.scratchPath);
    const dimensions = imageDimensions(bytes);
    if (!dimensions || dimensions.width * dimensions.height > MAX_STAMP_PIXELS) {
      throw fail.validation(MSG.imageUnreadable);
    }
    const stampedAt = new Date();
    const hash = stampHash(this.watermarkKey, {
      originalSha256: file.sha256,
      tenantId: principal.tenantId,
      uploaderId: principal.userId,
      stampedAt,
    });
    const code = hash.slice(0, 16).toUpperCase();
    const result = await stampImage({
      bytes,
      format: extension === 'png' ? 'png' : 'jpeg',
      lines: [`上传时间：${chinaDateTime(stampedAt)}`, `上传人：${principal.realname}`, `防伪码：${code}`],
      metadata: JSON.stringify({
        stampedAt: stampedAt.toISOString(),
        tenantId: principal.tenantId,
        uploaderId: principal.userId,
        originalSha256: file.sha256,
        hash,
      }),
    });
    if (!result) throw fail.validation(MSG.imageUnreadable);
    return { bytes: result, stamp: { stampedAt: stampedAt.toISOString(), originalSha256: file.sha256, hash } };
  }

  /** Moves every accepted file into storage and records them with their audit rows in one transaction. */
  private async store(
    accepted: Accepted[],
    options: ReceiveOptions & { scene: UploadScene; fields: UploadFields },
  ): Promise<FileRow[]> {
    const { principal } = options;
    const stored: string[] = [];
    try {
      for (const item of accepted) {
        if (item.stamped) await this.storage.putBuffer(item.storageKey, item.stamped.bytes);
        else await this.storage.putFile(item.storageKey, item.incoming.scratchPath);
        stored.push(item.storageKey);
      }
      return await this.ctx.db.transaction(async (tx) => {
        const rows = await tx
          .insert(files)
          .values(
            accepted.map((item) => ({
              tenantId: principal.tenantId,
              enterpriseId: principal.side === 'enterprise' ? principal.enterpriseId : null,
              ownerUserId: principal.userId,
              ownerSide: principal.side,
              fileKey: item.fileKey,
              fileName: item.incoming.fileName,
              extension: item.extension,
              fileSize: item.stamped ? item.stamped.bytes.length : item.incoming.size,
              sha256: item.stamped
                ? crypto.createHash('sha256').update(item.stamped.bytes).digest('hex')
                : item.incoming.sha256,
              storageKey: item.storageKey,
              target: options.target,
              scene: options.scene,
              uploadPath: options.fields.uploadPath ?? '',
              bizId: options.fields.id ?? '',
              visibility: options.visibility,
              watermark: item.stamped?.stamp ?? null,
            })),
          )
          .returning();
        for (const row of rows) {
          await writeAudit(tx, auditActorOf(principal, options.ip), {
            action: 'file.upload',
            targetType: 'file',
            targetId: row.id,
            after: { fileName: row.fileName, fileSize: row.fileSize, sha256: row.sha256, target: row.target },
          });
        }
        return rows;
      });
    } catch (error) {
      await Promise.all(stored.map((key) => this.storage.remove(key)));
      throw error;
    }
  }

  /**
   * Stores bytes the worker app sent (a task photo, a person's material), checked by the caller, beside
   * the uploads under a random key of the tenant and month. Answers the key and the bytes' SHA-256.
   */
  async putAppBytes(tenantId: number, extension: string, bytes: Buffer, now: Date) {
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const storageKey = `t${tenantId}/${month}/${crypto.randomBytes(12).toString('hex')}.${extension}`;
    await this.storage.putBuffer(storageKey, bytes);
    return { storageKey, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
  }

  /** Platform administrators read everything; public files any session; others their tenant (and enterprise). */
  canRead(principal: Principal, row: FileRow): boolean {
    if (row.delFlag !== 0) return false;
    if (isPlatformOperator(principal) || row.visibility === 'public') return true;
    if (row.tenantId !== principal.tenantId) return false;
    return principal.side === 'platform' || row.enterpriseId === principal.enterpriseId;
  }

  /**
   * The file an address names when the caller may read it, it lies on `tenantId` and its extension is one
   * of `extensions` (what a form may attach: its pictures, its documents); else null.
   */
  async attachable(
    principal: Principal,
    address: string,
    wanted: { tenantId: number; extensions: readonly string[] },
  ): Promise<FileRow | null> {
    const file = await this.findByAddress(address);
    const usable =
      file !== null &&
      this.canRead(principal, file) &&
      file.tenantId === wanted.tenantId &&
      wanted.extensions.includes(file.extension);
    return usable ? file : null;
  }

  /** The uploader, or whoever may read a tenant file; public files only the uploader or an administrator. */
  canDelete(principal: Principal, row: FileRow): boolean {
    if (row.delFlag !== 0) return false;
    if (row.ownerUserId === principal.userId) return true;
    if (row.visibility === 'public') return isPlatformOperator(principal);
    return this.canRead(principal, row);
  }

  /**
   * The file an address names (deleted ones too), or null, whatever the tenant: public files are
   * read across tenants and a signed link is its own permission, so the callers decide (canRead,
   * the link's signature).
   */
  async findByAddress(address: string): Promise<FileRow | null> {
    const ref = parseAddress(address);
    if (!ref) return null;
    const [row] = await this.ctx.scopes.withSystem('files: one file by its address, checked by the caller', (db) =>
      db
        .select()
        .from(files)
        .where(and(eq(files.tenantId, ref.tenantId), eq(files.fileKey, ref.fileKey))),
    );
    return row ?? null;
  }

  /** A file the session may read, by address; 404 for missing, deleted or not visible (no probing). */
  async readable(principal: Principal, address: string): Promise<FileRow> {
    const row = await this.findByAddress(address);
    if (!row || !this.canRead(principal, row)) throw fail.notFound(MSG.fileMissing);
    return row;
  }

  linkFor(ref: FileRef, options: { disposition?: Disposition; ttlMs?: number } = {}) {
    return signedLink(this.linkKey, ref, {
      ttlMs: options.ttlMs ?? FILE_LINK_TTL_MS,
      disposition: options.disposition,
    });
  }

  /** The signed link of a stored file's address, or undefined when the address names no file. */
  linkOfAddress(address: string): string | undefined {
    const ref = parseAddress(address);
    return ref ? this.linkFor(ref).url : undefined;
  }

  /** A signed link to another stream route (a task photo): the file-link key and rules, the route's address. */
  linkAt(address: string, ref: FileRef, options: { disposition?: Disposition; ttlMs?: number } = {}) {
    return signedLinkAt(address, this.linkKey, ref, {
      ttlMs: options.ttlMs ?? FILE_LINK_TTL_MS,
      disposition: options.disposition,
    });
  }

  checkLink(ref: FileRef, query: { expires: number; disposition: Disposition; sign: string }): LinkCheck {
    return checkLink(this.linkKey, ref, query);
  }

  toUploadedFile(row: FileRow): UploadedFile {
    const address = addressOf(row);
    return {
      id: row.id,
      name: row.fileName,
      address,
      fileName: row.fileName,
      fileAddress: address,
      fileType: row.extension,
      fileSize: row.fileSize,
      createTime: row.createdAt.getTime(),
      delFlag: row.delFlag === 1 ? 1 : 0,
      url: this.linkFor(row).url,
    };
  }

  /** Active files of one business record that the session may read, oldest first. */
  async listOfRecord(principal: Principal, uploadPath: string, bizId: string): Promise<FileRow[]> {
    const scope: SQL | undefined = isPlatformOperator(principal) ? undefined : eq(files.tenantId, principal.tenantId);
    const rows = await this.ctx.db
      .select()
      .from(files)
      .where(and(scope, eq(files.uploadPath, uploadPath), eq(files.bizId, bizId), eq(files.delFlag, 0)))
      .orderBy(asc(files.id));
    return rows.filter((row) => this.canRead(principal, row));
  }

  /** Marks a file deleted (delFlag 1, spec 2 §4); the bytes stay for records that still name it. */
  async remove(principal: Principal, address: string, ip: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.findByAddress(address);
      if (!row || !this.canRead(principal, row)) throw fail.notFound(MSG.fileMissing);
      if (!this.canDelete(principal, row)) throw fail.forbidden();
      await tx.update(files).set({ delFlag: 1 }).where(eq(files.id, row.id));
      await writeAudit(tx, auditActorOf(principal, ip), {
        action: 'file.delete',
        targetType: 'file',
        targetId: row.id,
        before: { fileName: row.fileName, delFlag: 0 },
        after: { delFlag: 1 },
      });
    });
  }
}

/** The form fields beside the file, with the first problem named in Chinese. */
function parseFields(raw: Record<string, string>): UploadFields {
  const parsed = uploadFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw fail.validation(`${fieldLabel(String(issue.path[0] ?? 'file'))}：${issue.message}`);
}
