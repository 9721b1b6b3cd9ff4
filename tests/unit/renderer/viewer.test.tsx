// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FLASH_MS } from '../../../renderer/src/ui/use-flash';
import { DIARIZED } from '../../support/diarized';
import { fakeBridge, job, renderApp } from '../../support/window/fake-bridge';

const talk = job('talk', { mode: 'async', sessionid: '017c25ec12c00a304474a999' });

async function openTalk(lang: 'en' | 'ja') {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup({ delay: null });
  const bridge = fakeBridge({
    'jobs:list': () => ({ ok: true, data: { jobs: [talk] } }),
    'jobs:get': () => ({ ok: true, data: { job: talk, transcript: DIARIZED } }),
  });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await user.click(await screen.findByRole('button', { name: /^(Open|開く): talk\.wav$/ }));
  await screen.findByTestId('utterances');
  return user;
}

const blocks = () =>
  within(screen.getByTestId('utterances'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('speaker labels in the viewer', () => {
  it('starts a new block at each change of speaker and names the speaker there', async () => {
    const user = await openTalk('en');
    // The second utterance changes speaker half-way: two blocks. The last one keeps speaker 1.
    expect(blocks()).toEqual([
      '0:00.5Speaker 1Good morning.',
      '0:01.7Speaker 2Hi there.',
      '0:02.6Speaker 1Welcome back',
      '0:04.0Thanks',
    ]);
    const items = within(screen.getByTestId('utterances')).getAllByRole('listitem');
    expect(items.map((li) => li.classList.contains('speaker-turn'))).toEqual([
      false,
      true,
      true,
      false,
    ]);

    await user.click(screen.getByRole('tab', { name: 'Words' }));
    const words = screen.getByTestId('word-list');
    expect([...words.querySelectorAll('.speaker')].map((p) => p.textContent)).toEqual([
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
    ]);
    expect(within(words).getAllByRole('button')).toHaveLength(7);

    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe(
      // In paragraphs, as the TXT is: one speaker's utterances close together make one.
      'Speaker 1: Good morning.\n\nSpeaker 2: Hi there.\n\nSpeaker 1: Welcome back Thanks\n',
    );
  });

  it('names speakers in Japanese too', async () => {
    const user = await openTalk('ja');
    expect(screen.getAllByTestId('speaker').map((p) => p.textContent)).toEqual([
      '話者 1',
      '話者 2',
      '話者 1',
    ]);
    // Each language writes a word's spoken label whole, its own punctuation and all.
    await user.click(screen.getByRole('tab', { name: '単語' }));
    expect(
      screen.getByRole('button', { name: 'there、0:01.9、信頼度 0.41、信頼度が低い' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hi、0:01.7、信頼度 0.93' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'テキストをコピー' }));
    expect(await navigator.clipboard.readText()).toMatch(/^話者 1: Good morning\.\n\n話者 2: /);
  });
});

describe('copy text', () => {
  it('says Copied after a copy, then offers Copy text again', async () => {
    const user = await openTalk('en');
    // A clock the test can move on: the flash ends without waiting its 2 s of real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Copy text' }));
      await screen.findByRole('button', { name: 'Copied' });
      // The label reverts by itself after FLASH_MS, while the transcript stays open.
      await act(async () => {
        vi.advanceTimersByTime(FLASH_MS);
      });
      expect(screen.getByRole('button', { name: 'Copy text' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByTestId('utterances')).toBeTruthy();
  });
});
