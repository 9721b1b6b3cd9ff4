/**
 * English names of connections, engines and word classes: every screen may show them (the status
 * bar and Transcribe too), so they load with the window, unlike the rest of Dictionary and
 * Settings (en-dictionary-settings.ts).
 */
import type { MessagesOf } from './messages-of';

export const enNames = {
  connectionNames: { local: 'Local (offline)', cloud: 'AmiVoice Cloud' },
  /** A readable name with the API's id beside it (engines, word classes). */
  withId: '{{name}} ({{id}})',
  /** Word classes the local service lists, by their API names (shown with the name). */
  classNames: {
    PERSON: 'Person',
    ORGANIZATION: 'Organization',
    PLACE: 'Place',
    PRODUCT: 'Product',
    TERM: 'Term',
  },
  /** Engines the service documents, by name without its leading "-" (shown with the name). */
  engineNames: {
    'a-general': 'General Japanese',
    'a-medical': 'Japanese for medicine',
    'a-bizfinance': 'Japanese for business and finance',
    'a2-ja-general': 'Japanese, end-to-end',
    'a2-zh-general': 'Chinese, end-to-end',
    'a2-multi-general': 'Many languages, end-to-end',
    'a2b-ja-general': 'Japanese, end-to-end, batch',
    'a2b-zh-general': 'Chinese, end-to-end, batch',
    'a2b-multi-general': 'Many languages, end-to-end, batch',
    'a-general-en': 'General English',
    'a-general-zh': 'General Chinese',
    'a-general-ko': 'General Korean',
  },
};

export type NamesMessages = MessagesOf<typeof enNames>;
