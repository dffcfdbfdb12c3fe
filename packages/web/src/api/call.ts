/**
 * One typed way to call the API: `call(operation, input)` with an operation declared in domain.
 * The input's type and the answer's come from the declaration's schemas, and the answer is checked
 * against its schema, so a server that drifts from the contract fails loudly instead of feeding a
 * page the wrong shape. `callWithMessage` also answers the envelope's message, for the pages that
 * show the server's own words (删除成功, 已标记 3 条为已读…).
 */
import {
  MSG,
  noInput,
  type Operation,
  type OperationAnswer,
  type OperationInput,
  pathParamsOf,
} from '@fieldpay/domain';
import { ApiError, type CallOptions, type HttpClient, type Notifier } from './http';

export type Call = <O extends Operation>(
  operation: O,
  input: OperationInput<O>,
  options?: CallOptions,
) => Promise<OperationAnswer<O>>;

export interface Answered<T> {
  result: T;
  message: string;
}

export type CallWithMessage = <O extends Operation>(
  operation: O,
  input: OperationInput<O>,
  options?: CallOptions,
) => Promise<Answered<OperationAnswer<O>>>;

export interface Calls {
  call: Call;
  callWithMessage: CallWithMessage;
}

/** The address and the rest of the input: path parameters (`:name`) are filled from the input's keys. */
function addressOf(operation: Operation, input: unknown): { url: string; rest: unknown } {
  if (pathParamsOf(operation.path).length === 0) return { url: operation.path, rest: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const url = operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { url, rest };
}

export function createCalls(http: HttpClient, notifier: () => Notifier): Calls {
  const callWithMessage: CallWithMessage = async (operation, input, options) => {
    // an operation without input sends no query and no body
    const { url, rest } = addressOf(operation, operation.input === noInput ? undefined : input);
    const envelope =
      operation.method === 'GET'
        ? await http.get<unknown>(url, rest as Record<string, unknown> | undefined, options)
        : await http.post<unknown>(url, rest, options);
    const parsed = operation.answer.safeParse(envelope.result);
    if (!parsed.success) {
      if (!options?.silent) notifier().error(MSG.answerMalformed);
      throw new ApiError(MSG.answerMalformed, 'malformed');
    }
    return { result: parsed.data as OperationAnswer<typeof operation>, message: envelope.message };
  };
  const call: Call = async (operation, input, options) => (await callWithMessage(operation, input, options)).result;
  return { call, callWithMessage };
}
