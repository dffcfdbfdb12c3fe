/**
 * One typed way to call the API: `call(operation, input)` with an operation declared in domain.
 * The input's type and the answer's come from the declaration's schemas, and the answer is checked
 * against its schema, so a server that drifts from the contract fails loudly instead of feeding a
 * page the wrong shape.
 */
import { MSG, type Operation, type OperationAnswer, type OperationInput } from '@fieldpay/domain';
import { ApiError, type CallOptions, type HttpClient, type Notifier } from './http';

export type Call = <O extends Operation>(
  operation: O,
  input: OperationInput<O>,
  options?: CallOptions,
) => Promise<OperationAnswer<O>>;

export function createCall(http: HttpClient, notifier: () => Notifier): Call {
  return async (operation, input, options) => {
    const envelope =
      operation.method === 'GET'
        ? await http.get<unknown>(operation.path, input as Record<string, unknown>, options)
        : await http.post<unknown>(operation.path, input, options);
    const parsed = operation.answer.safeParse(envelope.result);
    if (!parsed.success) {
      if (!options?.silent) notifier().error(MSG.answerMalformed);
      throw new ApiError(MSG.answerMalformed, 'malformed');
    }
    return parsed.data as OperationAnswer<typeof operation>;
  };
}
