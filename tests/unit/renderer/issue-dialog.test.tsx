// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IssueKeyDialog } from '../../../renderer/src/features/keys/IssueKeyDialog';
import {
  epiOf,
  issueProblems,
  newIssueDraft,
  type IssueDraft,
} from '../../../renderer/src/features/keys/issue-form';
import { createI18n } from '../../../renderer/src/i18n';
import { DICTIONARY_SETTINGS } from '../../../renderer/src/i18n/dictionary-settings';
import { createAppStore } from '../../../renderer/src/store/store';
import { inStore } from '../../support/window/in-store';
import { fakeBridge, LOCAL_CONNECTION } from '../../support/window/table-bridge';

afterEach(cleanup);

const NOW = new Date('2026-03-01T10:00:00');
const DRAFT: IssueDraft = newIssueDraft('local', 'k1');

describe('the issue form', () => {
  it('turns each kind of validity into the epi it sends', () => {
    expect(epiOf(DRAFT, NOW)).toBe('1h');
    expect(epiOf({ ...DRAFT, validity: 'custom', amount: '5', unit: 'm' }, NOW)).toBe('5m');
    expect(epiOf({ ...DRAFT, validity: 'custom', amount: '0' }, NOW)).toBeUndefined();
    expect(epiOf({ ...DRAFT, validity: 'until', until: '2026-03-01T12:30' }, NOW)).toBe('9000s');
    expect(epiOf({ ...DRAFT, validity: 'until', until: '2026-03-01T09:00' }, NOW)).toBeUndefined();
  });

  it('names what is missing or wrong', () => {
    expect(issueProblems(DRAFT, NOW)).toEqual({});
    expect(
      issueProblems(
        { ...DRAFT, auth: 'password', validity: 'custom', amount: 'x', ipa: '1.2.3.4 300.1.1.1' },
        NOW,
      ),
    ).toEqual({
      sid: { key: 'keys.sidEmpty' },
      spw: { key: 'keys.spwEmpty' },
      amount: { key: 'keys.amountInvalid' },
      ipa: { key: 'keys.ipaBadEntry', params: { entries: '300.1.1.1', count: 1 } },
    });
    expect(issueProblems({ ...DRAFT, ipa: '300.1.1.1, 10.0.0.0/33 192.0.2.1 ::1' }, NOW)).toEqual({
      ipa: {
        key: 'keys.ipaBadEntry',
        params: { entries: '300.1.1.1, 10.0.0.0/33, ::1', count: 3 },
      },
    });
    expect(issueProblems({ ...DRAFT, authKey: '' }, NOW)).toEqual({
      authKey: { key: 'keys.noIssuable' },
    });
  });
});

function renderDialog() {
  const issued: unknown[] = [];
  const bridge = fakeBridge({
    'keys:issue': (input) => {
      issued.push(input);
      return { key: 'issued-key-abcd1234' };
    },
    'keys:add': (input) => ({
      key: {
        id: 'n',
        label: input.label,
        connection: 'local',
        service: { kind: 'local' },
        last4: '1234',
        createdAt: 0,
      },
    }),
    'keys:list': () => ({ keys: [], storage: 'keychain' }),
    'connections:list': () => ({ connections: [], active: 'local' }),
  });
  const store = createAppStore({ bridge });
  store.setState({
    lang: 'en',
    activeConnection: 'local',
    connections: [{ ...LOCAL_CONNECTION, keyRef: 'k1' }],
    keyEntries: [
      {
        id: 'k1',
        label: 'Local service',
        connection: 'local',
        service: { kind: 'local' },
        last4: 'wxyz',
        createdAt: 0,
      },
    ],
  });
  render(inStore(store, 'en', <IssueKeyDialog />));
  return { issued, bridge };
}

describe('the issue dialog', () => {
  it('checks addresses as typed and sends nothing while the form is wrong', async () => {
    const user = userEvent.setup({ delay: null });
    const { issued } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Issue a key…' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue a new API key' });
    const ipa = within(dialog).getByLabelText('Allowed IP addresses');
    await user.type(ipa, '192.0.2.0/24, 10.1');
    expect(ipa.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toContain(
      '“10.1” is not an IPv4 address',
    );
    await user.type(ipa, ' 300.1.1.1 10.0.0.0/33 ::1');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'These 4 entries are not IPv4 addresses or ranges (like 192.0.2.10 or 192.0.2.0/24): 10.1, 300.1.1.1, 10.0.0.0/33, ::1.',
    );
    for (let i = 0; i < ' 300.1.1.1 10.0.0.0/33 ::1'.length; i++)
      await user.keyboard('{Backspace}');
    await user.click(within(dialog).getByRole('radio', { name: /Service ID and password/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue key' }));
    expect(issued).toEqual([]);
    expect(within(dialog).getByText('Enter the service ID.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the service password.')).toBeTruthy();

    await user.type(ipa, '.0.0/16');
    expect(ipa.getAttribute('aria-invalid')).toBeNull();
    await user.type(within(dialog).getByLabelText('Service ID'), 'me');
    await user.type(within(dialog).getByLabelText('Service password'), 'secret');
    await user.click(within(dialog).getByRole('radio', { name: 'A custom period' }));
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Issue key' }));
    expect(issued).toEqual([
      {
        connection: 'local',
        epi: '5m',
        ipa: '192.0.2.0/24, 10.1.0.0/16',
        sid: 'me',
        spw: 'secret',
      },
    ]);
    expect((await screen.findByTestId<HTMLInputElement>('issued-key')).value).toBe(
      'issued-key-abcd1234',
    );
    expect(screen.getByTestId('issued-expiry').textContent).toMatch(/^Expires /);
  });

  it('authenticates with the chosen keychain key and files the new key without using it', async () => {
    const user = userEvent.setup({ delay: null });
    const { issued, bridge } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Issue a key…' }));
    await user.click(screen.getByRole('button', { name: 'Issue key' }));
    expect(issued).toEqual([{ connection: 'local', epi: '1h', authKey: 'k1' }]);
    const label = await screen.findByLabelText('Label in the keychain');
    await user.clear(label);
    await user.type(label, 'for Ana');
    await user.click(screen.getByRole('button', { name: 'Save to keychain' }));
    expect(bridge.calls.find((c) => c.channel === 'keys:add')?.input).toEqual({
      label: 'for Ana',
      key: 'issued-key-abcd1234',
      connection: 'local',
      use: false,
      expiresAt: expect.any(Number),
    });
    expect(
      (await screen.findByText(/Saved to the keychain as “for Ana”/)).textContent,
    ).toBeTruthy();
  });
});

describe('closing on a new key', () => {
  async function issue(user: ReturnType<typeof userEvent.setup>) {
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Issue a key…' }));
    await user.click(screen.getByRole('button', { name: 'Issue key' }));
    await screen.findByTestId('issued-key');
  }

  it('asks before Escape or Done drop a key neither copied nor saved', async () => {
    const user = userEvent.setup({ delay: null });
    await issue(user);
    await user.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: 'Close without saving the key?' });
    expect(ask.textContent).toContain('It cannot be shown again');
    const keep = within(ask).getByRole('button', { name: 'Keep it open' });
    expect(document.activeElement).toBe(keep);
    await user.click(keep);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('issued-key').value).toBe('issued-key-abcd1234');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close anyway' }),
    );
    expect(screen.queryByTestId('issue-dialog')).toBeNull();
  });

  it('says so when the system refuses the copy, and still asks before the key is dropped', async () => {
    const user = userEvent.setup({ delay: null });
    await issue(user);
    const refused = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Could not copy: the system did not allow Kikitori to use the clipboard\./,
    );
    refused.mockRestore();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Close without saving the key?' })).toBeTruthy();
  });

  it('closes without asking once the key is copied', async () => {
    const user = userEvent.setup({ delay: null });
    await issue(user);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('issued-key-abcd1234');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('issue-dialog')).toBeNull();
  });

  it('closes without asking once the key is in the keychain', async () => {
    const user = userEvent.setup({ delay: null });
    await issue(user);
    await user.click(screen.getByRole('button', { name: 'Save to keychain' }));
    await screen.findByText(/Saved to the keychain as/);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByTestId('issue-dialog')).toBeNull();
  });
});

describe('the issue form in Japanese', () => {
  it('names every bad address entry', async () => {
    const i18n = createI18n('ja', DICTIONARY_SETTINGS);
    const problem = issueProblems({ ...DRAFT, ipa: '300.1.1.1 10.0.0.0/33 ::1' }, NOW).ipa!;
    expect(i18n.t(problem.key, problem.params)).toBe(
      '次の 3 項目は IPv4 アドレスでも範囲（192.0.2.10、192.0.2.0/24 など）でもありません：300.1.1.1, 10.0.0.0/33, ::1。',
    );
  });
});

describe("the issue dialog's times", () => {
  it('names the same zone on the end time it asks for and on the expiry it shows', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Issue a key…' }));
    await user.click(screen.getByRole('radio', { name: 'Until a date and time' }));
    const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')!.value;
    const end = screen.getByLabelText(`Ends at (local time, ${zone})`);
    await user.type(end, '2099-01-02T03:04');
    expect(screen.getByTestId('issue-expiry').textContent).toBe(
      `Expires 2 Jan 2099, 03:04 ${zone}`,
    );
  });
});
