import { MSG, TRANSACTION_PASSWORD_PATTERN } from '@fieldpay/domain';

/** A transaction password field's rule: required, exactly 6 digits (spec 2 §5). */
export const payPasswordRule = {
  validator: async (_: unknown, value: string | undefined) => {
    if (!value) throw new Error(MSG.transactionPasswordRequired);
    if (!TRANSACTION_PASSWORD_PATTERN.test(value)) throw new Error(MSG.transactionPasswordInvalid);
  },
};
