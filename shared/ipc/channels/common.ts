/**
 * What the channels' tables share: the shape of a table (a channel's input and output schemas),
 * and the inputs several domains take.
 */
import { z } from 'zod';
import type { ChannelName } from '../names';

/** A domain's channels: each named as in names.ts, with its input and output schemas. */
export type ChannelTable = {
  readonly [C in ChannelName]?: { input: z.ZodType; output: z.ZodType };
};

/** Which connection a request is for; the active one when none is named. */
export const connectionRef = z.object({ connection: z.string().optional() });

/** The longest folder path taken (characters). */
const FOLDER_PATH_MAX = 4096;
export const folderPath = z.string().trim().min(1).max(FOLDER_PATH_MAX);
