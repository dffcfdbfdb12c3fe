/**
 * Files the worker app sends as base64 in JSON (task photos and survey files, a person's materials),
 * checked in one order: the content decoded and not empty, the name's length, the type by name and by
 * content, the size. FileService.putAppBytes stores what passes.
 */
import { fileExtension, signatureMatches, UPLOAD } from '@fieldpay/domain';
import { fail } from '../../core/errors';

/** What such a file may be, with each refusal's message. */
export interface AppFileRule {
  extensions: readonly string[];
  maxBytes: number;
  empty: string;
  nameTooLong: string;
  wrongType: string;
  tooLarge: string;
}

export function checkedAppFile(
  input: { fileName: string; content: string },
  rule: AppFileRule,
): { bytes: Buffer; extension: string } {
  const bytes = Buffer.from(input.content, 'base64');
  if (bytes.length === 0) throw fail.validation(rule.empty);
  if (input.fileName.length > UPLOAD.fileNameMaxLength) throw fail.validation(rule.nameTooLong);
  const extension = fileExtension(input.fileName);
  if (!rule.extensions.includes(extension) || !signatureMatches(extension, bytes)) {
    throw fail.validation(rule.wrongType);
  }
  if (bytes.length > rule.maxBytes) throw fail.validation(rule.tooLarge);
  return { bytes, extension };
}
