import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, animationsDone, launchBrowser, openPage, screenshot, signIn, url } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('文章与问卷', () => {
  it('an enterprise user writes an article and a questionnaire, finds them in the lists and previews one', async () => {
    const { page } = await openPage(browser);
    await signIn(page, ACCOUNTS.enterprise);
    const stamp = Date.now().toString().slice(-6);

    await page.locator('.top-bar-menu').getByText('内容管理').click();
    await page.waitForURL(/#\/contentManage\/resource\/article$/);
    await page.locator('.ant-card-head').getByText('文章列表').waitFor();

    // the article: the form names what is missing, then saves
    await page.getByRole('button', { name: /新增文章/ }).click();
    const articleDialog = page.locator('.ant-modal').filter({ hasText: '新增文章' });
    // the dialog has opened (its zoom-in and the editor's mount) before 保存 is pressed
    await articleDialog.getByLabel('正文').waitFor();
    await animationsDone(articleDialog);
    await articleDialog.getByRole('button', { name: /保\s*存/ }).click();
    await articleDialog.getByText('请输入标题').waitFor();
    await articleDialog.getByText('请输入文章内容').waitFor();
    await articleDialog.getByPlaceholder('请输入标题').fill(`端到端文章${stamp}`);
    await articleDialog.getByPlaceholder('请输入作者').fill('市场部');
    await articleDialog.getByLabel('正文').click();
    await page.keyboard.type('新品上市，欢迎了解。');
    // typing answers the form's complaint
    await articleDialog.getByText('请输入文章内容').waitFor({ state: 'hidden' });
    await screenshot(page, 'content-article-edit');
    await articleDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).waitFor();
    await screenshot(page, 'content-article-saved');
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `端到端文章${stamp}` })
      .waitFor();

    // the questionnaire: a single-choice question and a five-star rating
    await page.goto(url('/contentManage/resource/questionnaire'));
    await page.locator('.ant-card-head').getByText('问卷列表').waitFor();
    await page.getByRole('button', { name: /新增问卷/ }).click();
    const questionnaireDialog = page.locator('.ant-modal').filter({ hasText: '新增问卷' });
    await questionnaireDialog.getByPlaceholder('请输入标题').fill(`端到端问卷${stamp}`);
    await questionnaireDialog.getByRole('button', { name: /添加题目/ }).click();
    await questionnaireDialog.getByPlaceholder('请输入题目名称').first().fill('您所在门店的类型');
    await questionnaireDialog.getByPlaceholder('选项1').fill('连锁药店');
    await questionnaireDialog.getByPlaceholder('选项2').fill('单体药店');
    await questionnaireDialog.getByRole('button', { name: /添加题目/ }).click();
    await questionnaireDialog.getByPlaceholder('请输入题目名称').nth(1).fill('满意度');
    await questionnaireDialog.locator('.question-card').nth(1).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '评分（五星）' }).click();
    await page.locator('.ant-select-dropdown').first().waitFor({ state: 'hidden' });
    await screenshot(page, 'content-questionnaire-edit');
    await questionnaireDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: `端到端问卷${stamp}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('2');

    // the phone preview with its QR code
    await row.getByRole('button', { name: /预\s*览/ }).click();
    const phone = page.getByTestId('phone-preview');
    await phone.getByText(`端到端问卷${stamp}`).waitFor();
    await phone.getByText('连锁药店').waitFor();
    await phone.getByLabel('五星评分').waitFor();
    await page.locator('.preview-qr > svg').waitFor();
    expect(await page.locator('.preview-link').textContent()).toMatch(/\/#\/share\/questionnaire\/\d+/);
    await page
      .locator('.ant-modal-wrap')
      .filter({ has: phone })
      .evaluate((wrap) => Promise.all(wrap.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    await screenshot(page, 'content-preview-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'content-preview-1280');
    await page.keyboard.press('Escape');
    await page.getByTestId('phone-preview').waitFor({ state: 'detached' });
    await page.locator('.ant-modal-mask').first().waitFor({ state: 'hidden' });
    await screenshot(page, 'content-questionnaire-list-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'content-questionnaire-list-1440');

    // the picker offers the enabled questionnaires, searched by title
    await page.getByRole('button', { name: /选择问卷/ }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择问卷' });
    await picker.getByPlaceholder('请输入标题').fill(`端到端问卷${stamp}`);
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    await picker
      .locator('.ant-table-row')
      .filter({ hasText: `端到端问卷${stamp}` })
      .locator('input[type=checkbox]')
      .check();
    await picker.getByText('已选 1/5').waitFor();
    await screenshot(page, 'content-picker-1440');
  });
});
