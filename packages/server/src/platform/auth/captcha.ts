import { and, gt, isNull, sql } from 'drizzle-orm';
import { captchas } from '../../db/schema';
import type { AppContext } from '../context';
import { sha256Hex } from './crypto';

const CAPTCHA_TTL_MS = 5 * 60_000;

// the captcha library parses its font when loaded: only once a captcha is first asked for
let svgCaptcha: Promise<typeof import('svg-captcha')> | undefined;

/** Image captcha for throttled logins and desensitization: one code per checkKey, used once. */
export class CaptchaService {
  constructor(private readonly ctx: AppContext) {}

  /** Answers a data URL of an SVG image; asking again for the same checkKey replaces the code. */
  async issue(checkKey: string, now = Date.now()): Promise<string> {
    svgCaptcha ??= import('svg-captcha').then((module) => module.default ?? module);
    const { text, data } = (await svgCaptcha).create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1ilI',
      color: true,
      background: '#f0f5ff',
    });
    const values = {
      checkKey,
      codeHash: sha256Hex(text.toLowerCase()),
      expiresAt: new Date(now + CAPTCHA_TTL_MS),
      usedAt: null,
    };
    await this.ctx.db
      .insert(captchas)
      .values(values)
      .onConflictDoUpdate({
        target: captchas.checkKey,
        set: { codeHash: values.codeHash, expiresAt: values.expiresAt, usedAt: null },
      });
    return `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`;
  }

  /** True once for the right code; any answer (right or wrong) uses the challenge up. */
  async verify(checkKey: string, code: string, now = Date.now()): Promise<boolean> {
    const [row] = await this.ctx.db
      .update(captchas)
      .set({ usedAt: new Date(now) })
      .where(
        and(sql`${captchas.checkKey} = ${checkKey}`, isNull(captchas.usedAt), gt(captchas.expiresAt, new Date(now))),
      )
      .returning({ codeHash: captchas.codeHash });
    return Boolean(row) && row.codeHash === sha256Hex(code.trim().toLowerCase());
  }
}
