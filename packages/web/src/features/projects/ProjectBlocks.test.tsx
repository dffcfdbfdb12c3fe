import { type ContentListRecord, MSG, type UploadedFile } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { fileOf, HEADS, pick } from '../../components/upload/upload-test-utils';
import {
  BasicInfoBlock,
  type BasicValue,
  emptyBasic,
  emptyServiceType,
  type ServiceTypeValue,
  ServiceTypesBlock,
  SupplementaryBlock,
} from './ProjectBlocks';
import ProjectCreatePage from './ProjectCreatePage';

const calls = vi.hoisted(() => ({
  CITY_TREE_KEY: ['city', 'tree'],
  fetchCityTree: vi.fn(),
  createProject: vi.fn(),
  workLocationsKey: (...key: number[]) => ['project', 'workLocations', ...key],
  fetchWorkLocations: vi.fn(),
}));
vi.mock('./project-calls', () => calls);
const sensitive = vi.hoisted(() => ({ findSensitiveWords: vi.fn() }));
vi.mock('../system/sensitive-word-calls', () => sensitive);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));
const content = vi.hoisted(() => ({
  contentDetailKey: (id: number) => ['content', 'detail', id],
  fetchContentList: vi.fn(),
  fetchContentDetail: vi.fn(),
  shareAddress: vi.fn(),
  shareLink: (host: string, type: number, id: number) => `${host}/#/share/${type}/${id}`,
}));
vi.mock('../../components/content/content-calls', () => content);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);

const filled = (change: Partial<BasicValue> = {}): BasicValue => ({
  ...emptyBasic(),
  projectName: '心血管学术推广项目',
  startTime: new Date('2026-01-01T00:00:00+08:00').getTime(),
  endTime: new Date('2026-06-30T23:59:59+08:00').getTime(),
  minPeopleNum: 5,
  maxPeopleNum: 50,
  taxId: 3,
  taxName: '海南税源地',
  ...change,
});

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  calls.fetchCityTree.mockResolvedValue([]);
  sensitive.findSensitiveWords.mockResolvedValue({ words: [], message: '' });
  content.shareAddress.mockResolvedValue('https://share.example.cn');
  content.fetchContentList.mockResolvedValue({ records: [], total: 0 });
  lookups.fetchLookup.mockResolvedValue({ records: [], total: 0 });
});

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('basic info block', () => {
  it.each([
    [{ minPeopleNum: '' }, MSG.headcountRequired],
    [{ minPeopleNum: '1.5' }, MSG.headcountRange],
    [{ minPeopleNum: '60' }, MSG.headcountMinAboveMax],
    [{ maxPeopleNum: '2001' }, MSG.headcountMaxTooLarge],
  ])('shows %j -> %s under the field and does not save', async (change, message) => {
    const onSave = vi.fn();
    renderWithQuery(<BasicInfoBlock value={filled()} canEdit initiallyEditing onSave={onSave} />);
    if ('minPeopleNum' in change) type('最少人数', change.minPeopleNum);
    if ('maxPeopleNum' in change) type('最多人数', change.maxPeopleNum);
    save();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves and returns to view; cancel restores the previous values', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithQuery(<BasicInfoBlock value={filled()} canEdit initiallyEditing onSave={onSave} />);
    type('最多人数', '80');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ maxPeopleNum: '80', taxId: 3 })));
    expect(await screen.findByText('海南税源地', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    type('项目名称', '改过的名字');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(screen.getByText('心血管学术推广项目')).toBeTruthy();
    expect(screen.queryByText('改过的名字')).toBeNull();
  });

  it('offers no 编辑 when editing is not allowed', () => {
    renderWithQuery(<BasicInfoBlock value={filled()} canEdit={false} onSave={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});

const serviceType = (visitId: string, change: Partial<ServiceTypeValue> = {}): ServiceTypeValue => ({
  ...emptyServiceType(),
  visitId,
  visitParentId: { ppxc: 'p-ppxc', wjdy: 'p-wjdy' }[visitId] ?? visitId,
  ...change,
});

describe('service types block', () => {
  it('refuses more than 500 characters and sensitive words before saving', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithQuery(
      <ServiceTypesBlock
        value={[{ ...emptyServiceType(), visitParentId: 'dhbf', visitId: 'dhbf' }]}
        canEdit
        initiallyEditing
        onSave={onSave}
      />,
    );
    fireEvent.change(screen.getByPlaceholderText('请输入服务描述'), { target: { value: '文'.repeat(501) } });
    save();
    expect(await screen.findByText('服务描述不能超过500个字符', {}, { timeout: 5000 })).toBeTruthy();
    sensitive.findSensitiveWords.mockResolvedValue({ words: ['违禁词'], message: '' });
    fireEvent.change(screen.getByPlaceholderText('请输入服务描述'), { target: { value: '含违禁词' } });
    save();
    expect(await screen.findByText('内容包含敏感词：违禁词', {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a type and shows 暂无数据 when there is none', async () => {
    const onSave = vi.fn();
    const view = renderWithQuery(<ServiceTypesBlock value={[]} canEdit initiallyEditing onSave={onSave} />);
    save();
    expect(await screen.findByText('请选择服务类型', {}, { timeout: 5000 })).toBeTruthy();
    view.unmount();
    renderWithQuery(<ServiceTypesBlock value={[]} canEdit={false} onSave={onSave} />);
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});

describe('service type articles, questionnaires, terminals and sign limits', { timeout: 60_000 }, () => {
  const article = (id: number): ContentListRecord => ({
    id,
    type: 1,
    title: `文章${id}`,
    author: '市场部',
    cover: '',
    status: 1,
    companyId: 9,
    companyName: '杭州星联医药科技有限公司',
    questionCount: 0,
    updateTime: new Date('2026-10-02T10:00:00+08:00').getTime(),
    createTime: new Date('2026-10-01T10:00:00+08:00').getTime(),
  });
  const buttons = (text: string) => screen.queryAllByText(text, { selector: 'button *' });
  const resourceTags = () =>
    Array.from(document.querySelectorAll('.project-resource-tag')).map((tag) => tag.textContent);
  const dialogOf = async (title: string) =>
    (await screen.findByText(title, { selector: '.ant-modal-title' }, LONG)).closest('.ant-modal') as HTMLElement;

  it('offers 选择文章 / 选择问卷 only for promotion articles and surveys; another type drops the picks', async () => {
    renderWithQuery(
      <ServiceTypesBlock
        value={[
          serviceType('ppxc', { resourceInfo: [{ id: 1, title: '文章1' }] }),
          serviceType('wjdy'),
          serviceType('dhbf'),
          serviceType('cgfw', { id: 4 }),
        ]}
        canEdit
        initiallyEditing
        companyId={9}
        onSave={vi.fn()}
      />,
    );
    expect(buttons('选择文章')).toHaveLength(1);
    expect(buttons('选择问卷')).toHaveLength(1);
    expect(resourceTags()).toEqual(['文章1']);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]);
    const other = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
        (node) => node.textContent === '其他' && !node.closest('.ant-select-dropdown-hidden'),
      );
      if (!found) throw new Error('no option 其他');
      return found as HTMLElement;
    }, LONG);
    fireEvent.click(other);
    await waitFor(() => expect(buttons('选择文章')).toHaveLength(0), LONG);
    expect(resourceTags()).toEqual([]);
  });

  it("picks the enterprise's articles (up to 10) into tags, previews and removes one, and saves the rest", async () => {
    content.fetchContentList.mockResolvedValue({ records: [1, 2, 3].map(article), total: 3 });
    content.fetchContentDetail.mockResolvedValue({ ...article(3), content: '<p>正文</p>', questionList: [] });
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithQuery(
      <ServiceTypesBlock value={[serviceType('ppxc')]} canEdit initiallyEditing companyId={9} onSave={onSave} />,
    );
    fireEvent.click(buttons('选择文章')[0]);
    const dialog = await dialogOf('选择文章');
    await within(dialog).findByText('文章1', {}, LONG);
    expect(content.fetchContentList).toHaveBeenCalledWith(
      expect.objectContaining({ type: 1, companyId: 9, status: 1, pageNo: 1 }),
    );
    expect(within(dialog).getByText('已选 0/10')).toBeTruthy();
    for (const title of ['文章1', '文章3'])
      fireEvent.click(
        (within(dialog).getByText(title).closest('tr') as HTMLElement).querySelector('input[type=checkbox]') as Element,
      );
    fireEvent.click(within(dialog).getByText('确 定').closest('button') as HTMLElement);
    await waitFor(() => expect(resourceTags()).toEqual(['文章1', '文章3']), LONG);

    const third = document.querySelectorAll('.project-resource-tag')[1] as HTMLElement;
    fireEvent.click(within(third).getByText('文章3'));
    await waitFor(() => expect(content.fetchContentDetail).toHaveBeenCalledWith(3), LONG);

    const first = document.querySelectorAll('.project-resource-tag')[0] as HTMLElement;
    fireEvent.click(first.querySelector('.ant-tag-close-icon') as Element);
    await waitFor(() => expect(resourceTags()).toEqual(['文章3']), LONG);
    save();
    await waitFor(
      () =>
        expect(onSave).toHaveBeenCalledWith([
          expect.objectContaining({ visitId: 'ppxc', resourceInfo: [{ id: 3, title: '文章3' }] }),
        ]),
      LONG,
    );
  });

  it("adds the enterprise's terminals from the lookup and edits the sign-in and sign-out limits", async () => {
    lookups.fetchLookup.mockResolvedValue({
      records: [
        {
          id: 31,
          orgName: '广州市第一人民医院',
          orgType: 'hospital',
          orgTypeName: '医院',
          auditStatus: 1,
          address: '广东省广州市越秀区',
          enterpriseId: 9,
          value: 31,
          label: '广州市第一人民医院',
        },
      ],
      total: 1,
    });
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithQuery(
      <ServiceTypesBlock
        value={[serviceType('cgfw', { id: 4 })]}
        canEdit
        initiallyEditing
        companyId={9}
        onSave={onSave}
      />,
    );
    // nothing stored: the boxes show what the automatic audit assumes
    const signIn = document.querySelector('[aria-label="签到要求"]') as HTMLElement;
    const signOut = document.querySelector('[aria-label="签退要求"]') as HTMLElement;
    const box = (group: HTMLElement, label: string) => within(group).getByLabelText(label) as HTMLInputElement;
    expect(['签到', '定位', '拍照', '相册'].map((label) => box(signIn, label).checked)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['签退', '定位', '拍照', '相册', '上传附件'].map((label) => box(signOut, label).checked)).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    fireEvent.click(box(signIn, '相册'));
    fireEvent.click(box(signOut, '拍照'));
    fireEvent.click(box(signOut, '上传附件'));
    // without the leg itself its other flags are greyed
    fireEvent.click(box(signOut, '签退'));
    await waitFor(() => expect(box(signOut, '定位').disabled).toBe(true));
    fireEvent.click(box(signOut, '签退'));
    await waitFor(() => expect(box(signOut, '定位').disabled).toBe(false));

    fireEvent.mouseDown(screen.getByLabelText('添加终端'));
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
        (node) => node.textContent?.includes('广州市第一人民医院') && !node.closest('.ant-select-dropdown-hidden'),
      );
      if (!found) throw new Error('no terminal');
      return found as HTMLElement;
    }, LONG);
    expect(lookups.fetchLookup).toHaveBeenCalledWith(
      'organisation',
      expect.objectContaining({ filters: expect.objectContaining({ companyId: 9 }) }),
    );
    fireEvent.click(option);
    save();
    await waitFor(
      () =>
        expect(onSave).toHaveBeenCalledWith([
          expect.objectContaining({
            visitId: 'cgfw',
            orgList: [{ id: 31, orgName: '广州市第一人民医院' }],
            signInLimit: { signIn: 1, location: 1, photo: 1, album: 0 },
            signOutLimit: { signOut: 1, location: 1, photo: 1, album: 1, uploadFile: 1 },
          }),
        ]),
      LONG,
    );
  });

  it('shows the limits, terminals and picked articles in the view', async () => {
    content.fetchContentDetail.mockResolvedValue({ ...article(5), content: '<p>正文</p>', questionList: [] });
    renderWithQuery(
      <ServiceTypesBlock
        value={[
          serviceType('cgfw', {
            id: 4,
            locationScope: 800,
            orgList: [{ id: 31, orgName: '广州市第一人民医院' }],
            signInLimit: { signIn: 0 },
            signOutLimit: { signOut: 1, location: 0, photo: 2, album: 1, uploadFile: 1 },
          }),
          serviceType('ppxc', { id: 5, resourceInfo: [{ id: 5, title: '高血压用药指南' }] }),
        ]}
        canEdit={false}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByText('800 米')).toBeTruthy();
    expect(screen.getByText('不要求签到')).toBeTruthy();
    expect(screen.getByText('签退、拍照（至少2张）、相册、上传附件')).toBeTruthy();
    expect(screen.getByText('广州市第一人民医院')).toBeTruthy();
    // not a saved project's: no 工作地点 to read
    expect(screen.queryByText('查看工作地点')).toBeNull();
    expect(screen.getByText('推广文章')).toBeTruthy();
    fireEvent.click(screen.getByText('高血压用药指南'));
    await waitFor(() => expect(content.fetchContentDetail).toHaveBeenCalledWith(5), LONG);
  });
});

describe('the 工作地点 dialog of a saved project', () => {
  /** A saved project's ordinary service in view, its 工作地点 opened. */
  const openWorkLocations = async () => {
    renderWithQuery(
      <ServiceTypesBlock
        projectId={7}
        value={[serviceType('cgfw', { id: 4, orgList: [{ id: 31, orgName: '广州市第一人民医院' }] })]}
        canEdit={false}
        onSave={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByText('查看工作地点'));
    return (await screen.findByText('工作地点', { selector: '.ant-modal-title' }, LONG)).closest(
      '.ant-modal',
    ) as HTMLElement;
  };
  const location = (id: number, change: Record<string, unknown> = {}) => ({
    id,
    orgName: `终端${id}`,
    orgType: 'hospital',
    orgTypeName: '医院',
    auditStatus: 1,
    province: '广东省',
    city: '广州市',
    area: '越秀区',
    address: `中山二路 ${id} 号`,
    ...change,
  });

  it('lists the terminals with type, review and address, 10 a page, and a dash for what a terminal lacks', async () => {
    calls.fetchWorkLocations.mockImplementation(async (_project: number, _type: number, pageNo: number) =>
      pageNo === 1
        ? {
            records: [
              location(31, { orgName: '广州市第一人民医院' }),
              ...Array.from({ length: 9 }, (_, i) => location(40 + i)),
            ],
            total: 12,
          }
        : { records: [location(50, { auditStatus: 0, province: '', city: '', area: '', address: '' })], total: 12 },
    );
    const dialog = await openWorkLocations();
    expect(dialog.style.width).toBe('800px');
    const row = (await within(dialog).findByText('广州市第一人民医院', {}, LONG)).closest('tr') as HTMLElement;
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      '广州市第一人民医院',
      '医院',
      '审核通过',
      '广东省 / 广州市 / 越秀区',
      '中山二路 31 号',
    ]);
    expect(calls.fetchWorkLocations).toHaveBeenCalledWith(7, 4, 1);
    expect(within(dialog).queryByText('选择')).toBeNull();
    fireEvent.click(within(dialog).getByTitle('2'));
    const second = (await within(dialog).findByText('终端50', {}, LONG)).closest('tr') as HTMLElement;
    expect(Array.from(second.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      '终端50',
      '医院',
      '待审核',
      '-',
      '-',
    ]);
    expect(calls.fetchWorkLocations).toHaveBeenLastCalledWith(7, 4, 2);
  });

  it('shows 暂无数据 when the terminals are no longer the enterprise’s', async () => {
    calls.fetchWorkLocations.mockResolvedValue({ records: [], total: 0 });
    const dialog = await openWorkLocations();
    expect(await within(dialog).findByText('暂无数据', {}, LONG)).toBeTruthy();
    expect(dialog.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('supplementary block', () => {
  const BRIEF = '/api/resource/file/3/BriefAAAAAAAAAAAAAAAAA';
  const saved = {
    description: '<h3>项目背景</h3><p>面向<strong>三甲医院</strong>开展</p>',
    steps: '招募、培训',
    fileList: [{ fileName: '项目执行说明.pdf', fileType: 'pdf', fileAddress: BRIEF, url: `${BRIEF}?sig=1` }],
  };

  it('needs a project description', async () => {
    const onSave = vi.fn();
    renderWithQuery(<SupplementaryBlock value={null} canEdit initiallyEditing onSave={onSave} />);
    save();
    expect(await screen.findByText(MSG.projectDescriptionRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the description as rich text and the attachments as signed links', () => {
    renderWithQuery(<SupplementaryBlock value={saved} canEdit={false} onSave={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '项目背景' })).toBeTruthy();
    expect(screen.getByText('三甲医院').tagName).toBe('STRONG');
    expect(screen.getByText('项目执行说明.pdf').closest('a')?.getAttribute('href')).toBe(`${BRIEF}?sig=1`);
  });

  it('edits the rich text at the editor height of its mode and saves it with an uploaded document', async () => {
    const uploaded: UploadedFile = {
      id: 9,
      name: '补充材料.docx',
      address: '/api/resource/file/3/NewDocAAAAAAAAAAAAAAAA',
      fileName: '补充材料.docx',
      fileAddress: '/api/resource/file/3/NewDocAAAAAAAAAAAAAAAA',
      fileType: 'docx',
      fileSize: 4096,
      createTime: 0,
      delFlag: 0,
      url: '/signed',
    };
    files.uploadForm.mockResolvedValue(uploaded);
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { container } = renderWithQuery(<SupplementaryBlock value={saved} canEdit onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const editor = await screen.findByRole('textbox', { name: '项目描述' });
    expect(editor.style.height).toBe('200px');
    expect(editor.innerHTML).toBe(saved.description);
    editor.innerHTML = '<p>新的说明</p>';
    fireEvent.input(editor);
    pick(container, fileOf('补充材料.docx', HEADS.zip));
    await screen.findByText('补充材料.docx', {}, LONG);
    const form = files.uploadForm.mock.calls[0][1] as FormData;
    expect([form.get('scene'), form.get('uploadPath')]).toEqual(['document', 'projectText']);
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), LONG);
    expect(onSave).toHaveBeenCalledWith({
      description: '<p>新的说明</p>',
      steps: '招募、培训',
      fileList: [
        { fileName: '项目执行说明.pdf', fileType: 'pdf', fileAddress: BRIEF },
        { fileName: '补充材料.docx', fileType: 'docx', fileAddress: uploaded.address },
      ],
    });
  });
});

describe('create project page', { timeout: 60_000 }, () => {
  it('checks the whole form in order: tax source, then each block saved', async () => {
    renderWithQuery(<ProjectCreatePage />);
    fireEvent.click(buttonByText('提交审核'));
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.taxSourceRequired), LONG);
    expect(calls.createProject).not.toHaveBeenCalled();
  });
});
