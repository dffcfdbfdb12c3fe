/**
 * Typed operations: each call of the API is declared once, here in domain: its method, path, input
 * schema (query of a GET, body of a POST), answer schema (the envelope's `result`) and who may call
 * it. The server registers its route from the declaration (http/operation.ts) and the web calls it
 * with `call(operation, input)`, both typed from the same schemas.
 */
import { z } from 'zod';
import type { Side } from '../auth/schemas';
import type { PermissionCode } from '../access/permissions';

/**
 * Who may call it (checked by the server before anything else):
 * `'public'` anyone (and listed among the public routes), `'session'` any signed-in user,
 * `{ side }` a signed-in user of that side, `{ permission }` a user whose roles hold the code;
 * `'worker'` a natural person signed in to the worker API (its own sessions, decision 0017), which
 * no console session passes and which passes no other access.
 */
export type RouteAccess = 'public' | 'session' | 'worker' | { side: Side } | { permission: PermissionCode };

export interface Operation<Input extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** `:name` segments are path parameters: keys of the input (an object schema) that travel in the path */
  path: string;
  /** OpenAPI tag and summary */
  tag: string;
  summary: string;
  access: RouteAccess;
  input: Input;
  answer: Answer;
}

/**
 * The input of an operation that takes none (a GET without query keys, a POST without a body): the
 * server declares no query or body schema for it, so a caller may send nothing at all.
 */
export const noInput = z.void();
export type NoInput = typeof noInput;

/** The names of the path parameters (`:name` segments) of an operation's path. */
export const pathParamsOf = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** Declares an operation; the identity function keeps the schemas' precise types. */
export const defineOperation = <Input extends z.ZodType, Answer extends z.ZodType>(
  operation: Operation<Input, Answer>,
): Operation<Input, Answer> => operation;

/** What the caller sends (before the server's defaults and coercions). */
export type OperationInput<O extends Operation> = z.input<O['input']>;
/** What the caller gets back in `result`. */
export type OperationAnswer<O extends Operation> = z.output<O['answer']>;
