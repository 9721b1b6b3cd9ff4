/**
 * What the OpenAI-compatible endpoint offers and how it reads a request's model and language
 * (core/programs/openai/models.ts), and how a stream's deltas are joined (core/programs/openai/stream.ts).
 */
import { describe, expect, it } from 'vitest';
import { chooseModel, offeredModels, slugOf } from '../../../core/programs/openai/models';
import { DeltaText } from '../../../core/programs/openai/stream';
import { BUILT_IN_CONNECTIONS, type Connection } from '../../../shared/domain/connection';

const [local, cloud] = BUILT_IN_CONNECTIONS as [Connection, Connection];
const keyed: Connection = { ...cloud, keyRef: 'cloud' };

describe('the models offered', () => {
  it('names a model after each usable connection and each engine of it, plus whisper-1', () => {
    expect(slugOf('Local (offline)', 'local')).toBe('local');
    expect(slugOf('AmiVoice Cloud', 'cloud')).toBe('amivoice-cloud');
    expect(slugOf('会議用', 'x')).toBe('会議用');
    // A cloud connection without a key cannot serve a request: it is not offered.
    expect(offeredModels([local, cloud]).map((m) => m.id)).toEqual(['local', 'local/a-general-en']);
    const ids = offeredModels([local, keyed]).map((m) => m.id);
    expect(ids).toContain('amivoice-cloud');
    expect(ids).toContain('amivoice-cloud/a2-ja-general');
    // Batch engines take jobs of their own kind only.
    expect(ids.some((id) => id.includes('a2b'))).toBe(false);
  });

  it('keeps ids apart when two connections have one name', () => {
    const twin: Connection = { ...keyed, id: 'cloud-2' };
    const ids = offeredModels([keyed, twin]).map((m) => m.id);
    expect(ids).toContain('amivoice-cloud-2');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads whisper-1 as the window’s connection, and a language as the engine of it that speaks it', () => {
    const models = offeredModels([local, keyed]);
    const whisper = chooseModel(models, 'whisper-1', 'cloud', undefined);
    expect(whisper).toMatchObject({ model: { connection: { id: 'cloud' } } });
    expect(chooseModel(models, 'whisper-1', 'cloud', 'en')).toMatchObject({
      engine: '-a-general-en',
    });
    expect(chooseModel(models, 'whisper-1', 'cloud', 'ja')).not.toHaveProperty('engine');
    expect(chooseModel(models, 'amivoice-cloud/a2-ja-general', 'local', 'ja')).toMatchObject({
      engine: '-a2-ja-general',
    });
    expect(chooseModel(models, 'amivoice-cloud/a2-ja-general', 'local', 'en')).toBe('no-language');
    expect(chooseModel(models, 'local', 'local', 'ja')).toBe('no-language');
    expect(chooseModel(models, 'gpt-4o-transcribe', 'local', undefined)).toBe('no-model');
  });
});

describe('a stream’s deltas', () => {
  it('are each final’s text, spaced where the words are, and add up to the whole text', () => {
    const text = new DeltaText();
    const pieces = [text.final('Good morning.'), text.final('Hi there.'), text.final('')];
    expect(pieces).toEqual(['Good morning.', ' Hi there.', '']);
    expect(pieces.join('')).toBe(text.text);
    const ja = new DeltaText();
    expect([ja.final('おはようございます。'), ja.final('今日の会議は')].join('')).toBe(
      'おはようございます。今日の会議は',
    );
  });
});
