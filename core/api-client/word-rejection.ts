/**
 * Which word a profile save was refused for, read from the local service's 400 message
 * (`profilewords[<i>] ("<written>"): <why>`, service/dictionary/profile-store.ts), so the window
 * can name the word and mark its row. Any other message stays a plain bad request.
 */
import { appError, type AppError, type SubCode } from '../../shared/domain/errors';

const AT = /^profilewords\[(\d+)\] \("(.*)"\): (.*)$/s;

function reasonOf(
  why: string,
): { reason: SubCode<'word-rejected', 'reason'>; value: string } | undefined {
  const klass = /^classname "(.*)" is not one of/.exec(why);
  if (klass) return { reason: 'class', value: klass[1]! };
  if (why.startsWith('spoken is required')) return { reason: 'reading-missing', value: '' };
  const unknown = /^the engine does not know the word "(.*?)" in spoken/.exec(why);
  if (unknown) return { reason: 'unknown-word', value: unknown[1]! };
  return undefined;
}

export function wordRejectionOf(message: string): AppError | undefined {
  const at = AT.exec(message);
  if (!at) return undefined;
  const why = reasonOf(at[3]!);
  if (!why) return undefined;
  return appError(
    'word-rejected',
    { index: Number(at[1]), written: at[2]!, reason: why.reason, value: why.value },
    message,
  );
}
