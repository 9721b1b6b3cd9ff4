/**
 * The word table's rows and their checks live in shared/domain/word-rows.ts, so that an import
 * from an input method (the window's and the command line's) checks words as the table does.
 */
export * from '../../../shared/domain/word-rows';
