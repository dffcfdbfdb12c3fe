/**
 * 新增银行卡 / 编辑银行卡 (spec 3 §5 "Enterprise bank account"; decision 0037): the bank systems the card
 * is bound to, the opening bank from the bank directory (choosing it fills an empty address), the
 * account name, number and address, and the reserved phone, fixed once added. Each field is checked
 * by the rule the server checks it with; text is trimmed before it is sent.
 */
import {
  type BankSystem,
  bankCardFieldsSchema,
  bankReservedPhoneSchema,
  type EnterpriseBankCard,
  INPUT_MAX_LENGTH,
  MSG,
  DIALOG_WIDTH,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input } from 'antd';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import { addBankCard, editBankCard, type FeeOwner } from './enterprise-calls';

interface BankCardValues {
  platformList: number[];
  bankDepositId?: number;
  bankUserName: string;
  bankAccount: string;
  bankDepositAddress: string;
  bankReservedPhone: string;
}

const fields = bankCardFieldsSchema.shape;

export function BankCardDialog({
  owner,
  own = false,
  systems,
  card,
  onClose,
}: {
  owner: FeeOwner;
  /** the enterprise's own 账户信息: its own calls (decision 0043) */
  own?: boolean;
  systems: BankSystem[];
  /** the card to edit (its values in the clear); none: a new card */
  card?: EnterpriseBankCard;
  onClose(): void;
}) {
  const [form] = Form.useForm<BankCardValues>();
  const queryClient = useQueryClient();
  const submit = async (values: BankCardValues) => {
    const body = {
      ...owner,
      platformList: values.platformList,
      bankDepositId: values.bankDepositId as number,
      bankUserName: values.bankUserName.trim(),
      bankAccount: values.bankAccount.trim(),
      bankDepositAddress: values.bankDepositAddress.trim(),
    };
    const message = card
      ? await editBankCard({ ...body, id: card.id }, own)
      : await addBankCard({ ...body, bankReservedPhone: values.bankReservedPhone.trim() }, own);
    notifier().success(message);
    await queryClient.invalidateQueries({ queryKey: ['enterprise', 'bankCards'] });
  };
  return (
    <FormDialog<BankCardValues>
      open
      title={card ? '编辑银行卡' : '新增银行卡'}
      width={DIALOG_WIDTH.enterpriseSmall}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={
        card
          ? {
              platformList: card.platformList.map((system) => system.platformId),
              bankDepositId: card.bankDepositId,
              bankUserName: card.bankUserName,
              bankAccount: card.bankAccount,
              bankDepositAddress: card.bankDepositAddress,
              bankReservedPhone: card.bankReservedPhone,
            }
          : { platformList: systems.length === 1 ? [systems[0].platformId] : [] }
      }
    >
      <Form.Item
        name="platformList"
        label="银行系统"
        required
        rules={[
          {
            validator: (_, value) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(MSG.bankSystemRequired)),
          },
        ]}
      >
        <Checkbox.Group options={systems.map((system) => ({ value: system.platformId, label: system.platformName }))} />
      </Form.Item>
      <Form.Item
        name="bankDepositId"
        label="开户银行名称"
        required
        rules={[
          { validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(MSG.bankNameRequired))) },
        ]}
      >
        <RemoteSelect
          kind="bankBranch"
          placeholder="请选择开户银行名称"
          aria-label="开户银行名称"
          initialLabel={card?.bankDeposit}
          onChange={(_value, record) => {
            // choosing the bank fills an empty address with it (spec 3 §5)
            if (record && !String(form.getFieldValue('bankDepositAddress') ?? '').trim()) {
              form.setFieldValue('bankDepositAddress', record.bankBranchName);
            }
          }}
        />
      </Form.Item>
      <Form.Item name="bankUserName" label="开户名称" required rules={[zodRule(fields.bankUserName)]}>
        <Input placeholder="请输入开户名称" maxLength={INPUT_MAX_LENGTH.bankAccountName} />
      </Form.Item>
      <Form.Item name="bankAccount" label="银行账号" required rules={[zodRule(fields.bankAccount)]}>
        <Input placeholder="请输入银行账号" maxLength={INPUT_MAX_LENGTH.bankAccountName} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="bankDepositAddress" label="银行地址" required rules={[zodRule(fields.bankDepositAddress)]}>
        <Input placeholder="请输入银行地址" maxLength={INPUT_MAX_LENGTH.bankDeposit} />
      </Form.Item>
      <Form.Item
        name="bankReservedPhone"
        label="预留手机号"
        required={!card}
        rules={card ? [] : [zodRule(bankReservedPhoneSchema)]}
        extra={card ? '预留手机号添加后不可修改' : undefined}
      >
        <Input
          placeholder="请输入预留手机号"
          maxLength={INPUT_MAX_LENGTH.phone}
          inputMode="numeric"
          disabled={Boolean(card)}
        />
      </Form.Item>
    </FormDialog>
  );
}
