/**
 * Typed operations: each call of the API is declared once, here in domain: its method, path, input
 * schema (query of a GET, body of a POST), answer schema (the envelope's `result`) and who may call
 * it. The server registers its route from the declaration (http/operation.ts) and the web calls it
 * with `call(operation, input)`, both typed from the same schemas.
 */
import type { z } from 'zod';
import type { Side } from './auth';
import type { PermissionCode } from '../access/permissions';

/**
 * Who may call it (checked by the server before anything else):
 * `'public'` anyone (and listed among the public routes), `'session'` any signed-in user,
 * `{ side }` a signed-in user of that side, `{ permission }` a user whose roles hold the code.
 */
export type RouteAccess = 'public' | 'session' | { side: Side } | { permission: PermissionCode };

export interface Operation<Input extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  /** OpenAPI tag and summary */
  tag: string;
  summary: string;
  access: RouteAccess;
  input: Input;
  answer: Answer;
}

/** Declares an operation; the identity function keeps the schemas' precise types. */
export const defineOperation = <Input extends z.ZodType, Answer extends z.ZodType>(
  operation: Operation<Input, Answer>,
): Operation<Input, Answer> => operation;

/** What the caller sends (before the server's defaults and coercions). */
export type OperationInput<O extends Operation> = z.input<O['input']>;
/** What the caller gets back in `result`. */
export type OperationAnswer<O extends Operation> = z.output<O['answer']>;
