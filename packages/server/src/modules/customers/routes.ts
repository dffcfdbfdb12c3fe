/** Customer verification calls (decision 0027); the rules live in verification.ts. */
import {
  CUSTOMER_MSG,
  customerCertReviewOperation,
  customerDetailOperation,
  customerListOperation,
  customerReviewOperation,
  customerVerifyCheckOperation,
} from '@fieldpay/domain';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { listCustomers } from './list';
import { checkCustomerVerification, customerDetail, reviewCustomer, reviewCustomerCertificate } from './verification';

export function registerCustomerRoutes({ app, services }: RouteDeps): void {
  registerOperation(app, customerListOperation, (query, request) =>
    listCustomers(services.ctx.db, principalOf(request), query),
  );
  registerOperation(app, customerVerifyCheckOperation, ({ id }, request) =>
    checkCustomerVerification(services.ctx.db, principalOf(request), id),
  );
  registerOperation(app, customerDetailOperation, ({ id }, request) =>
    customerDetail(services, principalOf(request), id),
  );
  registerOperation(
    app,
    customerReviewOperation,
    (body, request) => reviewCustomer(services, principalOf(request), actorOf(request), body),
    { message: CUSTOMER_MSG.reviewed },
  );
  registerOperation(
    app,
    customerCertReviewOperation,
    (body, request) => reviewCustomerCertificate(services, principalOf(request), actorOf(request), body),
    { message: CUSTOMER_MSG.reviewed },
  );
}
