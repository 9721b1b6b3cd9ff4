/**
 * A fake host for the viewer's correction tests: it keeps one job's edit history with the shared
 * edit model, as the core does (tests/integration/core/edits.test.ts covers the core itself), and
 * answers jobs:list, jobs:get and edits:apply/undo/redo from it. `more` adds or replaces answers.
 */
import {
  applicable,
  editedTranscript,
  NO_EDITS,
  pushEdit,
  redo,
  undo,
  type EditHistory,
  type EditOp,
} from '../../../shared/domain/edits';
import { appError } from '../../../shared/domain/errors';
import type { Job, Transcript } from '../../../shared/domain/job';
import { fakeBridge, type FakeBridge } from './fake-bridge';

export function editingBridge(
  job: Job,
  transcript: Transcript,
  more: FakeBridge['answers'] = {},
): FakeBridge & { history: () => EditHistory } {
  let history = NO_EDITS;
  const current = (): Job => ({
    ...job,
    edited: editedTranscript(transcript, history).edited === true,
  });
  const answer = () => ({ ok: true as const, data: { job: current(), edits: history } });
  const bridge = fakeBridge({
    'jobs:list': () => ({ ok: true, data: { jobs: [current()] } }),
    'jobs:get': () => ({ ok: true, data: { job: current(), transcript, edits: history } }),
    'edits:apply': ({ op }: { op: EditOp }) => {
      if (!applicable(editedTranscript(transcript, history), op))
        return { ok: false, error: appError('edit-refused') };
      history = pushEdit(history, op);
      return answer();
    },
    'edits:undo': () => {
      history = undo(history);
      return answer();
    },
    'edits:redo': () => {
      history = redo(history);
      return answer();
    },
    ...more,
  });
  return Object.assign(bridge, { history: () => history });
}
