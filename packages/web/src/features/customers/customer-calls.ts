/** Customer verification calls (decision 0027), the review list's (decision 0030), and their query keys. */
import {
  type CustomerDetail,
  customerCertReviewOperation,
  customerDetailOperation,
  customerListOperation,
  customerReviewOperation,
  customerVerifyCheckOperation,
  type OperationInput,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const CUSTOMER_LIST_KEY = ['customer', 'list'] as const;

export const fetchCustomers = (query: OperationInput<typeof customerListOperation>) =>
  call(customerListOperation, query);

export const customerDetailKey = (id: number) => ['customer', 'detail', id] as const;

/** The check the verified badge asks first; a refusal has been shown as a warning when it throws. */
export const checkCustomerVerification = (id: number): Promise<{ id: number }> =>
  call(customerVerifyCheckOperation, { id });

export const fetchCustomerDetail = (id: number): Promise<CustomerDetail> => call(customerDetailOperation, { id });

export const reviewCustomer = (body: OperationInput<typeof customerReviewOperation>) =>
  callWithMessage(customerReviewOperation, body);

export const reviewCustomerCertificate = (body: OperationInput<typeof customerCertReviewOperation>) =>
  callWithMessage(customerCertReviewOperation, body);
