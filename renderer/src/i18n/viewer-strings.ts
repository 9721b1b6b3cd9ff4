/**
 * The strings of the transcript viewer, per language: loaded with its code (app/screens.tsx) and added to the
 * window's strings then (`addStrings`), so the first screen does not carry them.
 */
import { enViewer } from './en-viewer';
import { jaViewer } from './ja-viewer';

export const VIEWER_STRINGS = { en: enViewer, ja: jaViewer } as const;
