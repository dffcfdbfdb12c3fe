/** The agreement templates' calls and query keys (spec 3 §7 "Agreement template get and save"; decision 0041). */
import {
  agreementTemplateContentOperation,
  agreementTemplateGetOperation,
  agreementTemplateListOperation,
  agreementTemplateSaveOperation,
  type OperationInput,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const AGREEMENT_TEMPLATES_KEY = ['agreement-templates'] as const;

export const fetchTemplates = (query: OperationInput<typeof agreementTemplateListOperation>) =>
  call(agreementTemplateListOperation, query);
export const fetchTemplate = (id: number) => call(agreementTemplateGetOperation, { id });
export const fetchTemplateContent = (id: number) => call(agreementTemplateContentOperation, { id });
export const saveTemplate = (input: OperationInput<typeof agreementTemplateSaveOperation>) =>
  callWithMessage(agreementTemplateSaveOperation, input);
