/** Column layout get / save (spec 2 §7; decision 0004). */
import { z } from 'zod';
import { COLUMN_LAYOUT_TYPE, columnLayoutItemSchema } from '../column-layouts';
import { MSG } from '../messages';

/** The most fields any list has, with room to grow; a longer list is not a layout. */
const MAX_LAYOUT_ITEMS = 100;
/** contentJson as text: a hundred fields of ~150 characters each. */
const MAX_CONTENT_JSON_CHARS = 20_000;

export const serviceNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, MSG.columnLayoutUnknownList);

export const columnLayoutGetQuerySchema = z.object({ serviceName: serviceNameSchema });

const layoutItemsSchema = z
  .array(columnLayoutItemSchema)
  .min(1, MSG.atLeastOneField)
  .max(MAX_LAYOUT_ITEMS, MSG.columnLayoutContentInvalid);

/**
 * contentJson arrives as JSON text (its wire name, as the console has always sent it) or as the
 * array itself; either way it must be a list of columns.
 */
export const columnLayoutContentSchema = z
  .union([z.string().max(MAX_CONTENT_JSON_CHARS, MSG.columnLayoutContentInvalid), z.array(z.unknown())])
  .transform((value, ctx) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: MSG.columnLayoutContentInvalid });
        return z.NEVER;
      }
    }
    const items = layoutItemsSchema.safeParse(parsed);
    if (!items.success) {
      ctx.addIssue({ code: 'custom', message: items.error.issues[0]?.message ?? MSG.columnLayoutContentInvalid });
      return z.NEVER;
    }
    return items.data;
  });

export const columnLayoutSaveBodySchema = z.object({
  serviceName: serviceNameSchema,
  contentJson: columnLayoutContentSchema,
  type: z.literal(COLUMN_LAYOUT_TYPE).default(COLUMN_LAYOUT_TYPE),
});
export type ColumnLayoutSaveBody = z.input<typeof columnLayoutSaveBodySchema>;

/** A column as the server answers it (already merged with the defaults). */
export const columnLayoutResultItemSchema = z.object({
  prop: z.string(),
  label: z.string(),
  width: z.number().int(),
  sortable: z.boolean(),
  disabled: z.boolean().optional(),
  isSelect: z.boolean().optional(),
  isWidth: z.boolean().optional(),
});

export const columnLayoutResultSchema = z.object({
  serviceName: z.string(),
  type: z.number().int(),
  /** the saved layout merged with the defaults, or the default set when nothing is saved */
  contentJson: z.array(columnLayoutResultItemSchema),
  /** true when the user has saved a layout for this list */
  custom: z.boolean(),
});
export type ColumnLayoutResult = z.infer<typeof columnLayoutResultSchema>;
