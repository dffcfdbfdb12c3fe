/**
 * Skia (@napi-rs/canvas) with the packaged Noto Sans SC, for the images the server draws (upload
 * watermarks, the demo data's certificates and tax vouchers). The native module and its font load on
 * the first drawing, not at server start.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** The font family every drawing names. */
export const CANVAS_FONT = 'FieldpaySans';

type Canvas = typeof import('@napi-rs/canvas');
let canvasModule: Promise<Canvas> | null = null;

export function loadCanvas(): Promise<Canvas> {
  canvasModule ??= import('@napi-rs/canvas').then((module) => {
    const fontsEntry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    module.GlobalFonts.registerFromPath(
      path.join(path.dirname(fontsEntry), '../fonts/NotoSansHans-Regular.otf'),
      CANVAS_FONT,
    );
    return module;
  });
  return canvasModule;
}
