import type { EnterpriseInfo } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { EnterpriseAuthDialog } from './EnterpriseAuthDialog';
import { StoredImage } from './StoredImage';

const calls = vi.hoisted(() => ({ saveEnterpriseAuth: vi.fn() }));
vi.mock('./enterprise-calls', () => calls);
const files = vi.hoisted(() => ({ fileLink: vi.fn(), uploadForm: vi.fn(), deleteFile: vi.fn(), listFiles: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const address = (key: string) => `/api/resource/file/3/${key}`;
const info = (extra: Partial<EnterpriseInfo> = {}) =>
  ({
    id: 9,
    tenantId: 3,
    name: '杭州星联医药科技有限公司',
    taxNumber: '91330106MA2KXXXX1X',
    address: '浙江省杭州市西湖区文三路478号',
    contactEmail: 'finance@xinglian.cn',
    unmasked: true,
    idName: '王建国',
    idCard: '11010519491231002X',
    license: address('license'),
    idCardFront: address('front'),
    idCardBack: address('back'),
    logo: '',
    ...extra,
  }) as EnterpriseInfo;

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  files.fileLink.mockImplementation(async (at: string) => ({ url: `https://files.test${at}?sign=1`, expiresAt: 0 }));
});

describe('修改认证信息', { timeout: 60_000 }, () => {
  it('starts from the values in the clear, checks each field, and sends the pictures’ addresses', async () => {
    calls.saveEnterpriseAuth.mockResolvedValue('修改成功');
    renderWithQuery(<EnterpriseAuthDialog info={info()} onClose={() => undefined} />);
    const dialog = (await screen.findByText('修改认证信息', {}, LONG)).closest('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('1000px');
    expect((within(dialog).getByDisplayValue('91330106MA2KXXXX1X') as HTMLInputElement).disabled).toBe(true);
    const name = within(dialog).getByPlaceholderText('请输入法人姓名');
    const idCard = within(dialog).getByPlaceholderText('请输入法人身份证号');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(idCard, { target: { value: '110105194912310021' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入企业注册地址'), { target: { value: '' } });
    fireEvent.click(buttonByText(/确\s*定/));
    const error = { selector: '.ant-form-item-explain-error' };
    for (const message of ['请输入法人姓名', '请输入正确的身份证号码', '请输入企业注册地址']) {
      expect(await within(dialog).findByText(message, error, LONG)).toBeTruthy();
    }
    expect(calls.saveEnterpriseAuth).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '李四 ' } });
    fireEvent.change(idCard, { target: { value: '11010519491231002x' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入企业注册地址'), {
      target: { value: '杭州市滨江区网商路699号' },
    });
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(calls.saveEnterpriseAuth).toHaveBeenCalledWith(
        {
          id: 9,
          tenantId: 3,
          enterpriseName: '杭州星联医药科技有限公司',
          address: '杭州市滨江区网商路699号',
          name: '李四',
          idCard: '11010519491231002X',
          license: address('license'),
          idCardFront: address('front'),
          idCardBack: address('back'),
          logo: '',
        },
        false,
      ),
    );
    expect(toasts.success).toHaveBeenCalledWith('修改成功');
  });

  it('asks for the licence and both ID sides when none is held', async () => {
    renderWithQuery(
      <EnterpriseAuthDialog info={info({ license: '', idCardFront: '', idCardBack: '' })} onClose={() => undefined} />,
    );
    const dialog = (await screen.findByText('修改认证信息', {}, LONG)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(buttonByText(/确\s*定/));
    const error = { selector: '.ant-form-item-explain-error' };
    for (const message of ['请上传营业执照', '请上传身份证信息面', '请上传身份证国徽面']) {
      expect(await within(dialog).findByText(message, error, LONG)).toBeTruthy();
    }
    expect(calls.saveEnterpriseAuth).not.toHaveBeenCalled();
  });
});

describe('StoredImage', () => {
  it('says 未上传, holds an ID side back while masked, and shows a picture it may open', async () => {
    renderWithQuery(
      <>
        <StoredImage address="" label="营业执照" />
        <StoredImage address="1" label="身份证信息面" />
        <StoredImage address={address('license')} label="营业执照" />
      </>,
    );
    expect(screen.getByText('未上传')).toBeTruthy();
    expect(screen.getByText('已上传，脱敏查看后显示')).toBeTruthy();
    const image = (await screen.findByAltText('营业执照', {}, LONG)) as HTMLImageElement;
    expect(image.src).toContain('/api/resource/file/3/license?sign=1');
    expect(files.fileLink).toHaveBeenCalledTimes(1);
  });
});
