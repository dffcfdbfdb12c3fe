/** A form field checked by the same zod schema the server checks it with, its first message shown. */
import type { FormRule } from 'antd';

/** What the rule needs of a domain schema (the web does not depend on zod itself). */
interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ message: string }> } };
}

export const zodRule = (schema: FieldSchema): FormRule => ({
  validator: (_, value: unknown) => {
    const parsed = schema.safeParse(value ?? '');
    return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error.issues[0]?.message));
  },
});
