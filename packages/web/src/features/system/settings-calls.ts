/** 数据字典 and 系统配置's calls and query keys (decision 0016). */
import {
  configListOperation,
  configSaveOperation,
  dictItemAddOperation,
  dictItemDeleteOperation,
  dictItemEditOperation,
  dictItemListOperation,
  dictListOperation,
  type OperationInput,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

export const DICT_LIST_KEY = ['dict', 'list'] as const;
export const dictItemsKey = (dictCode: string) => ['dict', 'items', dictCode] as const;
export const CONFIG_LIST_KEY = ['config', 'list'] as const;

export const fetchDicts = (query: OperationInput<typeof dictListOperation>) => call(dictListOperation, query);
export const fetchDictItems = (dictCode: string) => call(dictItemListOperation, { dictCode });
export const editDictItem = (input: OperationInput<typeof dictItemEditOperation>) =>
  callWithMessage(dictItemEditOperation, input);

export const addDictItem = (input: OperationInput<typeof dictItemAddOperation>) =>
  callWithMessage(dictItemAddOperation, input);
export const deleteDictItem = (input: OperationInput<typeof dictItemDeleteOperation>) =>
  callWithMessage(dictItemDeleteOperation, input);

export const fetchConfigs = () => call(configListOperation, undefined);
export const saveConfig = (input: OperationInput<typeof configSaveOperation>) =>
  callWithMessage(configSaveOperation, input);
