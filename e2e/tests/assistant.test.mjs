// The plant-care assistant page (issue 6, web part) against the real binary.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopForThisFile } from '../lib/shop.mjs';
import { capture } from '../lib/browser.mjs';
import { plantPng } from '../lib/fixtures.mjs';

const shop = shopForThisFile();

const input = (page) => page.getByRole('textbox', { name: 'Your question' });

async function ask(page, text) {
  const replies = page.getByTestId('chat-assistant');
  const before = await replies.count();
  await input(page).fill(text);
  await input(page).press('Enter');
  await page.getByTestId('chat-user').filter({ hasText: text }).waitFor();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="chat-assistant"], [data-testid="chat-error"]').length > n, before, { timeout: 30_000 });
  const errors = await page.getByTestId('chat-error').allInnerTexts();
  assert.deepEqual(errors, [], 'no error bubble');
  return replies.nth(before);
}

describe('plant-care assistant page', () => {
  it('shows the intro without a footer, handles Shift+Enter and validates attachments', async () => {
    const page = await shop.page();
    await page.goto('/plant-care-ai');
    await page.getByRole('heading', { level: 1, name: 'Plant Care Assistant' }).waitFor();
    assert.equal(await page.locator('footer').count(), 0, 'no footer on the assistant page');
    await capture(page, 'assistant');

    await input(page).fill('line one');
    await input(page).press('Shift+Enter');
    await input(page).type('line two');
    assert.equal(await input(page).inputValue(), 'line one\nline two');
    assert.equal(await page.getByTestId('chat-user').count(), 0, 'Shift+Enter does not send');

    const files = page.locator('#chat-files');
    await files.setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: plantPng(64) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    ]);
    await page.getByText('Please select valid image files (max 10MB each).').waitFor();
    await page.getByRole('img', { name: 'Attached photo 1' }).waitFor();
    await files.setInputFiles(Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: plantPng(32) })));
    // Photos are downscaled in the browser before they are attached (issue 15): wait for them.
    await page.waitForFunction(() => document.querySelectorAll('.composer__thumb').length === 5);
    assert.equal(await page.locator('.composer__thumb').count(), 5, 'at most 5 kept');
    assert.equal(await page.getByRole('button', { name: 'Attach images' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Remove image 5' }).click();
    assert.equal(await page.locator('.composer__thumb').count(), 4);
    await capture(page, 'assistant-attachments');
    await page.context().close();
  });

  it('answers a question and a follow-up, formatted, and a question with a photo', async () => {
    const page = await shop.page();
    await page.goto('/plant-care-ai');
    const first = await ask(page, 'How often should I water a money plant?');
    const formatted = await first.locator('.markup h3, .markup li, .markup strong').count();
    assert.ok(formatted > 0, 'the reply is rendered with headings, lists or bold');
    const second = await ask(page, 'How much light does it need?');
    assert.ok((await second.innerText()).length > 20, 'a follow-up answer');

    await page.locator('#chat-files').setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: plantPng(256, { yellow: true }) });
    const third = await ask(page, 'What is wrong with my plant?');
    assert.ok((await third.innerText()).length > 20, 'an answer about the photo');
    await page.getByTestId('chat-user').last().getByRole('img').waitFor();

    // Plant links in replies go through the router.
    const link = page.locator('[data-testid="chat-assistant"] a[href^="/plant/"]').first();
    if (await link.count()) {
      await link.click();
      await page.waitForURL('**/plant/**');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.goBack();
    }
    await capture(page, 'assistant-chat');
    await page.context().close();
  });
});
