// @vitest-environment happy-dom
/**
 * The viewer's find ("n of m", next and previous), the player's skip and speed, the keys that
 * work while a field has focus, the shortcuts dialog, seeking from the text view's words, and
 * renaming a job from Jobs and from the viewer: the whole window over a fake bridge, in jsdom.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../shared/domain/job';
import { DIARIZED } from '../../support/diarized';
import { fakeBridge, job, renderApp, type FakeBridge } from '../../support/window/fake-bridge';
import { countMediaPlays } from '../../support/window/media-plays';

const talk = job('talk', { mode: 'async', sessionid: '017c25ec12c00a304474a999' });

const plays = countMediaPlays();

function bridgeFor(jobs: Job[] = [talk]): FakeBridge {
  let current = jobs[0]!;
  return fakeBridge({
    'jobs:list': () => ({ ok: true, data: { jobs } }),
    'jobs:get': () => ({ ok: true, data: { job: current, transcript: DIARIZED } }),
    // The Jobs search asks the transcripts' index too: nothing is found inside them here.
    'search:query': () => ({ ok: true, data: { hits: [], complete: true, more: false } }),
    'jobs:rename': (input: { id: string; title: string }) => {
      const title = input.title.trim();
      if (title.length > 200)
        return {
          ok: false,
          error: {
            code: 'job-title',
            params: { reason: 'too-long', max: 200, length: title.length },
          },
        };
      const { title: _old, ...rest } = current;
      current = title ? { ...rest, title } : rest;
      return { ok: true, data: { job: current } };
    },
  });
}

async function openTalk(lang: 'en' | 'ja' = 'en', bridge = bridgeFor()) {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup({ delay: null });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await user.click(await screen.findByRole('button', { name: /^(Open|開く): talk\.wav$/ }));
  await screen.findByTestId('utterances');
  return { user, bridge };
}

const audio = () => screen.getByTestId<HTMLAudioElement>('player');
const position = () => screen.getByTestId('find-position').textContent;
const currentMarks = () =>
  [...document.querySelectorAll('.viewer-panel[data-state="active"] .is-found')].map(
    (el) => el.textContent,
  );

describe('find in a transcript', () => {
  it('counts the matches, moves with Enter, Shift+Enter and the buttons, and marks the one it is on', async () => {
    const { user } = await openTalk();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.type(screen.getByTestId('find'), 'o');
    // "Good morning." holds three, "Welcome back" one.
    expect(position()).toBe('1 of 4');
    expect(screen.getByTestId('find-position').getAttribute('role')).toBe('status');
    const marks = () => [...document.querySelectorAll('[data-testid="utterances"] mark')];
    expect(marks()).toHaveLength(4);
    expect(marks()[0]!.classList.contains('is-found')).toBe(true);
    expect(scrolled.mock.contexts.at(-1)).toBe(marks()[0]);

    await user.keyboard('{Enter}');
    expect(position()).toBe('2 of 4');
    expect(marks().map((m) => m.classList.contains('is-found'))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    await user.keyboard('{Shift>}{Enter}{Enter}{/Shift}');
    expect(position()).toBe('4 of 4');
    expect(marks()[3]!.closest('li')!.textContent).toContain('Welcome back');
    expect(scrolled.mock.contexts.at(-1)).toBe(marks()[3]);
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(position()).toBe('1 of 4');
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(position()).toBe('4 of 4');

    // The same query typed again after clearing the box starts at its first match.
    await user.clear(screen.getByTestId('find'));
    await user.type(screen.getByTestId('find'), 'o');
    expect(position()).toBe('1 of 4');
    await user.clear(screen.getByTestId('find'));
    await user.type(screen.getByTestId('find'), 'xyz');
    expect(position()).toBe('No matches');
    expect(screen.getByRole('button', { name: 'Next match' })).toHaveProperty('disabled', true);
  });

  it('counts words in the word view and marks the word it is on', async () => {
    const { user } = await openTalk();
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.type(screen.getByTestId('find'), 'o');
    expect(position()).toBe('1 of 3');
    expect(currentMarks()).toEqual(['Good']);
    await user.keyboard('{Enter}{Enter}');
    expect(position()).toBe('3 of 3');
    expect(currentMarks()).toEqual(['Welcome']);
  });

  it('says where it is in Japanese', async () => {
    const { user } = await openTalk('ja');
    await user.type(screen.getByTestId('find'), 'o');
    expect(position()).toBe('4件中1件目');
    await user.keyboard('{Enter}');
    expect(position()).toBe('4件中2件目');
  });
});

describe('the player', () => {
  it('skips 5 s back and forward, within the audio', async () => {
    const { user } = await openTalk();
    audio().currentTime = 10;
    await user.click(screen.getByRole('button', { name: '+5 s: skip forward 5 seconds' }));
    expect(audio().currentTime).toBe(15);
    await user.click(screen.getByRole('button', { name: '−5 s: skip back 5 seconds' }));
    await user.click(screen.getByRole('button', { name: '−5 s: skip back 5 seconds' }));
    expect(audio().currentTime).toBe(5);
    audio().currentTime = 3;
    await user.click(screen.getByRole('button', { name: '−5 s: skip back 5 seconds' }));
    expect(audio().currentTime).toBe(0);
  });

  it('plays at the chosen speed, remembered for the next transcript', async () => {
    const { user } = await openTalk();
    expect(audio().playbackRate).toBe(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '1.5');
    expect(audio().playbackRate).toBe(1.5);
    expect(audio().defaultPlaybackRate).toBe(1.5);
    expect(localStorage.getItem('kikitori.playbackRate')).toBe('1.5');
    expect(
      within(screen.getByRole('combobox', { name: 'Speed' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×']);

    await user.click(screen.getByRole('button', { name: /^Back$|← Back/ }));
    await user.click(await screen.findByRole('button', { name: 'Open: talk.wav' }));
    await screen.findByTestId('utterances');
    expect(audio().playbackRate).toBe(1.5);
  });

  it('takes its keys while the find box has focus, and leaves the box its text', async () => {
    const { user } = await openTalk();
    const find = screen.getByTestId('find');
    await user.click(find);
    await user.keyboard('Good');
    audio().currentTime = 10;
    await user.keyboard('{F8}');
    expect(audio().currentTime).toBe(15);
    await user.keyboard('{F7}{F7}');
    expect(audio().currentTime).toBe(5);
    await user.keyboard('{Control>}]{/Control}');
    expect(audio().playbackRate).toBe(1.25);
    // ([[ is how user-event writes one [.)
    await user.keyboard('{Control>}[[[[{/Control}');
    expect(audio().playbackRate).toBe(0.75);
    await user.keyboard('{Control>}[[[[[[{/Control}');
    expect(audio().playbackRate).toBe(0.5);
    expect(localStorage.getItem('kikitori.playbackRate')).toBe('0.5');
    await user.keyboard('{Control>} {/Control}');
    expect(plays.count).toBe(1);
    await user.keyboard('{F9}');
    // Paused in jsdom all along: F9 asked to play again.
    expect(plays.count).toBe(2);
    // A bare Space and ? are the box's: typed, not taken.
    await user.keyboard(' ?');
    expect(plays.count).toBe(2);
    expect(find).toHaveProperty('value', 'Good ?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(find);
  });

  it('plays and pauses with a bare Space outside fields', async () => {
    const { user } = await openTalk();
    screen.getByRole('heading', { level: 1 }).focus();
    await user.keyboard(' ');
    expect(plays.count).toBe(1);
  });
});

describe('the shortcuts dialog', () => {
  it('opens with ?, lists every shortcut of the viewer, and closes back where it was', async () => {
    const { user } = await openTalk();
    const heading = screen.getByRole('heading', { level: 1 });
    heading.focus();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = [...dialog.querySelectorAll('.shortcut')].map((row) =>
      [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent].join(' = '),
    );
    expect(rows).toEqual([
      'Ctrl+Space or F9 = Play or pause',
      'F7 = Back 5 seconds',
      'F8 = Forward 5 seconds',
      'Ctrl+[ = Slower (down to 0.5×)',
      'Ctrl+] = Faster (up to 2×)',
      'F2 = Correct the focused word',
      'Enter = Keep the correction',
      'Esc = Cancel the correction',
      'Tab = Keep it and correct the next word',
      'Ctrl+Enter = Play from the word being corrected',
      'Ctrl+Z = Undo a correction',
      'Ctrl+Shift+Z = Redo it',
      'Space = Play or pause',
      '? = Show this list',
      '← or → = Previous or next word',
      'Home or End = First or last word',
      'Enter = Play from the focused word',
      'Enter = Next match, in the find box',
      'Shift+Enter = Previous match, in the find box',
    ]);
    expect([...dialog.querySelectorAll('.shortcut-heading')].map((h) => h.textContent)).toEqual([
      'Player, anywhere',
      'Correcting words',
      'Outside text fields',
      'Words',
      'Find',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(heading);
  });

  it('opens from its button too, in Japanese', async () => {
    const { user } = await openTalk('ja');
    await user.click(screen.getByRole('button', { name: 'キーボードショートカット' }));
    const dialog = await screen.findByRole('dialog', { name: 'キーボードショートカット' });
    expect(within(dialog).getByText('5秒戻る')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'プレーヤー（どこでも）' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the text view', () => {
  it('seeks to a word that is clicked, and not when text is selected', async () => {
    const { user } = await openTalk();
    const there = [...document.querySelectorAll<HTMLElement>('.text-word')].find(
      (el) => el.textContent === 'there',
    )!;
    await user.click(there);
    expect(audio().currentTime).toBe(1.9);
    // The list's text is unchanged by the words' spans.
    expect(screen.getByTestId('utterances').textContent).toContain('Hi there.');
    audio().currentTime = 0;
    const range = document.createRange();
    range.selectNodeContents(there);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    there.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(audio().currentTime).toBe(0);
  });
});

describe('renaming a job', () => {
  it('from its row in Jobs: the name shows with the file name under it, and goes back when cleared', async () => {
    localStorage.setItem('kikitori.lang', 'en');
    const user = userEvent.setup({ delay: null });
    const bridge = bridgeFor();
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await user.click(await screen.findByRole('button', { name: 'Rename talk.wav' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename talk.wav' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(field, '  Weekly meeting  {Enter}');
    expect(bridge.calls.filter((c) => c.channel === 'jobs:rename').at(-1)!.input).toEqual({
      id: 'talk',
      title: '  Weekly meeting  ',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByTestId('job-row');
    expect(within(row).getByText('Weekly meeting')).toBeTruthy();
    expect(within(row).getByText('talk.wav')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Open: Weekly meeting' })).toBeTruthy();
    // Search finds it by its name and by its file name.
    await user.type(screen.getByTestId('job-search'), 'weekly');
    expect(screen.getAllByTestId('job-row')).toHaveLength(1);
    await user.clear(screen.getByTestId('job-search'));
    await user.type(screen.getByTestId('job-search'), 'talk.w');
    expect(screen.getAllByTestId('job-row')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Rename Weekly meeting' }));
    const again = await screen.findByRole('dialog');
    const name = within(again).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveProperty('value', 'Weekly meeting');
    await user.clear(name);
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByTestId('job-row')).queryByText('Weekly meeting')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open: talk.wav' })).toBeTruthy();
  });

  it('from the viewer: a refused name says why and the dialog stays; the heading shows both names', async () => {
    const { user } = await openTalk('ja');
    await user.click(screen.getByRole('button', { name: 'talk.wav の名前を変更' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: '名前' });
    await user.click(field);
    await user.paste('長'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'この名前は使えません。名前は200文字までですが、201文字あります。短くしてください。名前を消すと、ファイル名の表示に戻ります。',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '週次定例');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('週次定例 talk.wav');
    expect(within(heading).getByTestId('viewer-file').textContent).toBe('talk.wav');
  });
});
