/**
 * A service profile's words (its user dictionary).
 */
import { z } from 'zod';
import { profileWordSchema } from '../../api/profile-words';
import { type ChannelTable, connectionRef } from './common';

/** What replacing a profile's words changes, counted by written form. */
const wordDiffSchema = z.object({
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
});

export const dictionaryChannels = {
  'dictionary:profiles': {
    input: connectionRef.extend({ engine: z.string() }),
    output: z.object({ profiles: z.array(z.string()) }),
  },
  'dictionary:getWords': {
    input: connectionRef.extend({ engine: z.string(), profileId: z.string() }),
    output: z.object({ words: z.array(profileWordSchema) }),
  },
  'dictionary:setWords': {
    input: connectionRef.extend({
      engine: z.string(),
      profileId: z.string(),
      words: z.array(profileWordSchema),
    }),
    output: wordDiffSchema.extend({ words: z.array(profileWordSchema) }),
  },
  'dictionary:diff': {
    input: connectionRef.extend({
      engine: z.string(),
      profileId: z.string(),
      words: z.array(profileWordSchema),
    }),
    output: wordDiffSchema,
  },
  'dictionary:classnames': {
    input: connectionRef.extend({ engine: z.string() }),
    output: z.object({ classnames: z.array(z.string()) }),
  },
} as const satisfies ChannelTable;
