import {
  ApiCode,
  MSG,
  sensitiveCheckOperation,
  sensitiveWordAddOperation,
  sensitiveWordDeleteOperation,
  sensitiveWordListOperation,
} from '@fieldpay/domain';
import { fail } from '../../core/errors';
import { registerOperation } from '../../http/operation';
import { principalOf } from '../auth/guards';
import type { RouteDeps } from '../modules';

export function registerSensitiveWordRoutes({ app, services }: RouteDeps): void {
  const words = services.sensitiveWords;

  registerOperation(app, sensitiveCheckOperation, async ({ senWords }) => {
    const found = await words.findIn(senWords);
    if (found.length > 0) {
      throw fail.rule(MSG.sensitiveWordsFoundNamed(found), ApiCode.rule, { words: found });
    }
    return { words: [] };
  });

  registerOperation(app, sensitiveWordListOperation, async (query) => words.list(query));

  registerOperation(
    app,
    sensitiveWordAddOperation,
    async (body, request) => words.add(body.words, { principal: principalOf(request), ip: request.ip }),
    { message: (result) => MSG.sensitiveWordsAdded(result.added.length, result.existing.length) },
  );

  registerOperation(
    app,
    sensitiveWordDeleteOperation,
    async ({ ids }, request) => ({
      deleted: await words.remove(ids, { principal: principalOf(request), ip: request.ip }),
    }),
    { message: MSG.deleteSuccess },
  );
}
