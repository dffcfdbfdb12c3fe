/** Articles and questionnaires (spec 3 §3 "Article or questionnaire", spec 1 §9 subject types). */
import { PAGE_SIZE, PICKER_SELECTIONS_MAX, RESOURCE_SELECTIONS_MAX } from '../limits';
import { defineStatuses, RESOURCE_TYPES, SURVEY_SUBJECT_TYPES, type SurveySubjectType } from '../status';

/** type: 1 article, 2 questionnaire (spec 3 §3, §7 picker list). */
export const CONTENT_TYPE = RESOURCE_TYPES;
export type ContentType = 1 | 2;
export const CONTENT_TYPE_ARTICLE = 1;
export const CONTENT_TYPE_QUESTIONNAIRE = 2;

/** Ours (spec 3 §4 shows no transitions): a disabled item stays for the tasks citing it, the picker hides it. */
export const CONTENT_STATUS = defineStatuses({
  1: ['启用', 'main'],
  0: ['停用', 'other'],
});
export type ContentStatus = 0 | 1;

/**
 * Questionnaire subject types, every one the spec names (spec 1 §9, spec 3 §2), labelled as the
 * report labels them (SURVEY_SUBJECT_TYPES). `options`: the question carries an option list
 * (choice, drop-down, multi-field); `shortAnswer`: an option may ask for a short answer (101, 102).
 */
const subject = (code: SurveySubjectType, options: boolean, shortAnswer = false) => ({
  label: SURVEY_SUBJECT_TYPES[code],
  options,
  shortAnswer,
});
export const SUBJECT_TYPES = {
  9: subject(9, true),
  10: subject(10, true),
  11: subject(11, true),
  13: subject(13, false),
  14: subject(14, true),
  15: subject(15, false),
  16: subject(16, false),
  4: subject(4, false),
  17: subject(17, false),
  100: subject(100, false),
  101: subject(101, true, true),
  102: subject(102, true, true),
  // spec 1 §9 lists 103 without a kind: ours, a text block between questions (no answer)
  103: subject(103, false),
} as const;
export type SubjectType = keyof typeof SUBJECT_TYPES;
export const SUBJECT_TYPE_CODES = Object.keys(SUBJECT_TYPES).map(Number) as SubjectType[];

/** The picker's limits (spec 3 §5 Picker; spec 1 §9: 10 where the service type allows). */
export const CONTENT_PICK_MAX = PICKER_SELECTIONS_MAX;
export const CONTENT_PICK_MAX_WIDE = RESOURCE_SELECTIONS_MAX;
export const CONTENT_PICKER_PAGE_SIZE = PAGE_SIZE.resourcePicker;
/** Where the phone preview's QR code points (the share host differs by environment). */
export const CONTENT_SHARE_ADDRESS_CONFIG_KEY = 'content.share.address';
