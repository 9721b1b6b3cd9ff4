// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../shared/domain/connection';
import { fakeBridge, renderApp, type FakeBridge } from '../../support/window/fake-bridge';
import { LOCAL_CONNECTION } from '../../support/window/table-bridge';

const local = LOCAL_CONNECTION;
const cloud: Connection = {
  ...local,
  id: 'cloud',
  name: 'AmiVoice Cloud',
  kind: 'cloud',
  engine: '-a-general',
  settings: { extension: 'kept' },
};

function withConnection(active: Connection): FakeBridge {
  return fakeBridge({
    'connections:list': () => ({ ok: true, data: { active: active.id, connections: [active] } }),
    'connections:save': (input: { connection: Connection }) => ({
      ok: true,
      data: { connection: input.connection },
    }),
  });
}

/** The settings of each connections:save call, in order. */
const saved = (bridge: FakeBridge) =>
  bridge.calls
    .filter((c) => c.channel === 'connections:save')
    .map((c) => (c.input as { connection: Connection }).connection.settings);

describe('Transcribe options kept on the connection', () => {
  it('keep fillers: keepFillerToken=1 while checked, removed when unchecked', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = withConnection(local);
    renderApp(bridge);
    const box = await screen.findByRole('checkbox', {
      name: 'Keep fillers and pauses (such as "um" and silences) in the transcript',
    });
    await user.click(box);
    await waitFor(() => expect(saved(bridge)).toEqual([{ keepFillerToken: '1' }]));
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    await waitFor(() => expect(saved(bridge)).toHaveLength(2));
    expect(saved(bridge)[1]).toEqual({});
  });

  it('speaker labels: not offered by the local service, and it says why (en and ja)', async () => {
    const bridge = withConnection(local);
    const { unmount } = renderApp(bridge);
    const box = await screen.findByRole('checkbox', { name: 'Label who speaks (speaker labels)' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The local service cannot tell speakers apart: choose a cloud connection for speaker labels.',
    );
    unmount();
    localStorage.setItem('kikitori.lang', 'ja');
    renderApp(withConnection(local));
    const ja = await screen.findByRole('checkbox', { name: '話者を区別する（話者ラベル）' });
    expect((ja as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(ja.getAttribute('aria-describedby')!)!.textContent).toBe(
      'ローカルサービスは話者を区別できません。話者ラベルを使うにはクラウドの接続を選んでください。',
    );
  });

  it('speaker labels on a cloud connection: for jobs, with speaker bounds from 1 to 20, kept with other settings', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = withConnection(cloud);
    renderApp(bridge);
    const box = await screen.findByRole('checkbox', { name: 'Label who speaks (speaker labels)' });
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
      'With speaker labels on, every file is sent as a job, which is what gives them.',
    );
    expect(screen.queryByRole('combobox', { name: 'Fewest speakers' })).toBeNull();
    await user.click(box);
    await waitFor(() =>
      expect(saved(bridge)).toEqual([
        {
          extension: 'kept',
          speakerDiarization: 'True',
          diarizationMinSpeaker: '1',
          diarizationMaxSpeaker: '10',
        },
      ]),
    );
    const min = await screen.findByRole('combobox', { name: 'Fewest speakers' });
    const max = screen.getByRole('combobox', { name: 'Most speakers' });
    expect(max.querySelectorAll('option')).toHaveLength(20);
    await user.selectOptions(min, '3');
    await waitFor(() => expect(saved(bridge)).toHaveLength(2));
    expect(saved(bridge)[1]).toMatchObject({ diarizationMinSpeaker: '3' });
    // Most can no longer go below fewest.
    expect([...max.querySelectorAll('option')].map((o) => o.value)[0]).toBe('3');
    await user.selectOptions(max, '4');
    await waitFor(() => expect(saved(bridge)).toHaveLength(3));
    expect(saved(bridge)[2]).toEqual({
      extension: 'kept',
      speakerDiarization: 'True',
      diarizationMinSpeaker: '3',
      diarizationMaxSpeaker: '4',
    });
    await user.click(box);
    await waitFor(() => expect(saved(bridge)).toHaveLength(4));
    expect(saved(bridge)[3]).toEqual({ extension: 'kept' });
  });
});

describe('engines people understand', () => {
  it('names each engine readably with its id beside it, in the window’s language', async () => {
    const { engineName } = await import('../../../renderer/src/ui/display-names');
    const { createI18n } = await import('../../../renderer/src/i18n');
    const en = createI18n('en').t;
    const ja = createI18n('ja').t;
    expect(engineName('-a-general-en', en)).toBe('General English (-a-general-en)');
    expect(engineName('-a-general', ja)).toBe('日本語・汎用（-a-general）');
    expect(engineName('-a2b-multi-general', en)).toBe(
      'Many languages, end-to-end, batch (-a2b-multi-general)',
    );
    // An engine the service lists but the manual does not: its id as it is.
    expect(engineName('-x-custom', en)).toBe('-x-custom');
    // Word classes the same way.
    const { className } = await import('../../../renderer/src/ui/display-names');
    expect(className('PERSON', en)).toBe('Person (PERSON)');
    expect(className('PLACE', ja)).toBe('地名（PLACE）');
    expect(className('会社名', ja)).toBe('会社名');
  });
});

describe('what logging means on each connection', () => {
  it.each([
    [local, /^On this computer: the local service keeps the audio.*nothing leaves this computer/],
    [cloud, /^The service may keep the audio and results.*\/v1\/nolog\//],
  ] as const)('$id', async (connection, expected) => {
    renderApp(withConnection(connection));
    const hint = await screen.findByTestId('logging-hint');
    await waitFor(() => expect(hint.textContent).toMatch(expected));
    expect(screen.getByTestId('logging').getAttribute('aria-describedby')).toBe(hint.id);
  });
});
